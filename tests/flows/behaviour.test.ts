// Issue 20's promise for flows composed from parts: every funnel does exactly what it did before, recorded from the flow
// files as they were (tests/flows/behaviour.json): on seeded random walks, the same steps, screens, Next buttons and
// requests, byte for byte. RECORD_BEHAVIOUR=1 records it again; DUMP_BEHAVIOUR=<dir> writes the walks out to compare.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Flow, FlowInput } from '../../engine/types.ts';
import { behaviourOf } from '../testing/flow-behaviour.ts';
import { allFlows } from '../testing/flows.ts';

const RECORDED = join(import.meta.dirname, 'behaviour.json');
const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Record<string, Record<string, string>>;

/** Two visits: in Spanish at the first route with everything the app gathers, and in English at the last with nothing. */
const visits = (flow: Flow): Record<string, FlowInput> => ({
  first: {
    locale: 'es',
    query: { calc_id: 'c-17' },
    meta: { route: flow.routes[0], pageUrl: 'https://claimflow.test/x?lang=es', gclid: 'G1', referrer: 'https://search.test/', businessUserToken: 'b-1' },
  },
  last: { locale: 'en', meta: { route: flow.routes[flow.routes.length - 1] } },
});

const flows = allFlows();

describe.each(flows.map((flow) => [flow.id, flow] as const))('%s', (id, flow) => {
  it.each(Object.entries(visits(flow)))(
    'does what it did on 100 walks from the %s route',
    (visit, input) => {
      const dump = process.env.DUMP_BEHAVIOUR;
      const lines: string[] = [];
      const walks = behaviourOf(flow, input, { walks: 100, dump: dump ? (text) => lines.push(text) : undefined }).join(' ');
      if (dump) {
        mkdirSync(dump, { recursive: true });
        writeFileSync(join(dump, `${id}-${visit}.txt`), lines.join('\n'));
      }
      if (process.env.RECORD_BEHAVIOUR) (recorded[id] ??= {})[visit] = walks;
      else expect(walks).toBe(recorded[id]?.[visit]);
    },
    120_000,
  );
});

it('records every funnel', () => {
  if (process.env.RECORD_BEHAVIOUR) writeFileSync(RECORDED, `${JSON.stringify(recorded, null, 2)}\n`);
  expect(Object.keys(recorded).sort()).toEqual(flows.map((flow) => flow.id).sort());
});
