#!/usr/bin/env bash
# npm test: the checks (types, lint, format, flows, sponsors) and every Vitest project but the soak tier, side by side.
# One after the other, the checks kept a core of this 2-core machine idle for over two minutes before Vitest began, and
# the process tier's kill -9 rounds, run apart after Vitest, another. The checks' output follows Vitest's.
set -uo pipefail
checks_log=$(mktemp)
trap 'rm -f "$checks_log"' EXIT
npm run --silent check >"$checks_log" 2>&1 &
checks=$!
vitest run --project node --project node-isolated --project dom --project e2e --project processes
tests=$?
wait "$checks"
checked=$?
cat "$checks_log"
if [ "$checked" -ne 0 ]; then echo "npm test: the checks failed (their output is above)" >&2; fi
[ "$tests" -eq 0 ] && [ "$checked" -eq 0 ]
