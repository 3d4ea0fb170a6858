// Crafted bodies against normal traffic (issue 23 part 3): lead creation at a steady rate alone, then beside 12 crafted
// bodies a second (3,500 levels deep, as the issue found; the deepest 32 KB allows; 16,000 items wide); normal p50 must
// stay within 2x of its figure alone. BENCH_API_BASELINE (another checkout, as for the api part) is measured too.
// Part of `npm run bench` (BENCH_PARTS=bodies), or alone: `npx tsx bench/bodies.ts` (BENCH_RUNS, default 1), which
// prints its table.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startAppServer } from '../tests/testing/app-server.ts';
import { calcLeadBody } from '../tests/testing/lead-bodies.ts';
import { TEST_PHONE, verificationCookies } from './api-load.ts';
import { median } from './median.ts';
import { againstBudget, fixed, printSections, type Section, writeSections } from './results.ts';

const NATIONAL = TEST_PHONE.slice(2);
const NORMAL_PER_S = 20;
const CRAFTED_PER_S = 12;
const MAX_SLOWDOWN = 2;
const PATH = '/api/leads/create/calc?calc_id=bench';

const nestedText = (levels: number) => `{"firstName":${'['.repeat(levels)}${']'.repeat(levels)}}`;
/** The crafted bodies, each under the 32 KB body limit. */
const CRAFTED: [string, string | undefined][] = [
  ['none', undefined],
  ['3,500 levels deep', nestedText(3_500)],
  ['16,000 levels deep', nestedText(16_000)],
  ['16,000 items wide', JSON.stringify({ firstName: Array.from({ length: 16_000 }, () => 0) })],
];

interface Figures {
  p50: number;
  p99: number;
  errors: number;
  craftedP50: number;
  craftedNot4xx: number;
}

/** Normal p50/p99 over seconds (leads, each with a verification of its own), with crafted bodies (if any) sent alongside at CRAFTED_PER_S. */
async function measure(base: string, crafted: string | undefined, seconds: number): Promise<Figures> {
  const headers = { 'content-type': 'application/json' };
  const cookies = await verificationCookies(base, 2 * NORMAL_PER_S * seconds);
  const normal = autocannon({
    url: `${base}${PATH}`,
    connections: 2,
    overallRate: NORMAL_PER_S,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers,
        body: JSON.stringify(calcLeadBody(NATIONAL)),
        setupRequest: (r) => ({ ...r, headers: { ...headers, cookie: cookies.pop() ?? '' } }),
      },
    ],
  });
  const attack =
    crafted === undefined
      ? undefined
      : autocannon({ url: `${base}${PATH}`, method: 'POST', headers, body: crafted, connections: 2, overallRate: CRAFTED_PER_S, duration: seconds });
  const [n, a] = await Promise.all([normal, attack]);
  return {
    p50: n.latency.p50,
    p99: n.latency.p99,
    errors: n.errors + n.timeouts + n.non2xx,
    craftedP50: a?.latency.p50 ?? Number.NaN,
    // Every crafted body must be refused with a 4xx, never a 5xx or a dropped connection.
    craftedNot4xx: a ? a.errors + a.timeouts + a['5xx'] + a['2xx'] : Number.NaN,
  };
}

export async function bodySections(options: { staticDir: string; quick: boolean; runs: number }): Promise<Section> {
  const seconds = options.quick ? 3 : 10;
  const baseline = process.env.BENCH_API_BASELINE;
  const builds = [
    { build: 'this tree', entry: undefined },
    ...(baseline ? [{ build: `baseline (${baseline})`, entry: join(baseline, 'server/main.ts') }] : []),
  ];
  const rows: string[][] = [];
  for (const { build, entry } of builds) {
    const env = { TEST_PHONE, RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_STATIC_PER_MINUTE: '1000000' };
    const server = await startAppServer({ staticDir: options.staticDir, env, entry });
    try {
      // Runs go round the rows in turn, so each slowdown compares runs minutes apart at most (others share this machine).
      const runs: Figures[][] = [];
      for (let run = 0; run < options.runs; run++) {
        const round: Figures[] = [];
        for (const [, crafted] of CRAFTED) round.push(await measure(server.url, crafted, seconds));
        runs.push(round);
      }
      for (const [i, [name, crafted]] of CRAFTED.entries()) {
        const of = (pick: (round: Figures[]) => number) => median(runs.map(pick));
        const f = (key: keyof Figures) => of((round) => round[i]?.[key] ?? Number.NaN);
        const slowdown = of((round) => (round[i]?.p50 ?? Number.NaN) / (round[0]?.p50 ?? Number.NaN));
        rows.push([
          build,
          name,
          fixed(f('p50')),
          fixed(f('p99')),
          crafted === undefined ? '—' : againstBudget(slowdown, MAX_SLOWDOWN, 'max', 2),
          String(f('errors')),
          fixed(f('craftedP50')),
          crafted === undefined ? '—' : String(f('craftedNot4xx')),
        ]);
      }
    } finally {
      await server.stop();
    }
  }
  return {
    title: 'Crafted bodies beside normal traffic (issue 23 part 3)',
    notes: [
      `Normal traffic: POST ${PATH} (the test phone's valid lead) at ${NORMAL_PER_S}/s on 2 connections, PGlite; crafted bodies to the same route at ${CRAFTED_PER_S}/s on 2 more, for ${seconds} s; each figure the median of ${options.runs} runs, the runs going round the rows in turn (autocannon in the benchmark's process).`,
      `slowdown = the median over runs of normal p50 with the crafted bodies / normal p50 alone in the same run (budget ≤ ${MAX_SLOWDOWN}x); crafted not 4xx = 5xx, 2xx, errors and timeouts among the crafted requests (should be 0).`,
    ],
    headers: ['build', 'crafted bodies', 'normal p50 ms', 'normal p99 ms', 'slowdown', 'normal errors', 'crafted p50 ms', 'crafted not 4xx'],
    rows,
  };
}

if (import.meta.filename === process.argv[1]) {
  const loadAtStart = loadavg()[0]!;
  // The route measured needs no web app: no build.
  const section = await bodySections({
    staticDir: '/nonexistent-claimflow-dist',
    quick: process.env.BENCH_QUICK === '1',
    runs: Math.max(1, Number(process.env.BENCH_RUNS ?? 1)),
  });
  section.notes.push(`Load average (1 min) at the start: ${loadAtStart.toFixed(1)}.`);
  printSections([section]);
  await writeSections([section], { command: 'npx tsx bench/bodies.ts' });
}
