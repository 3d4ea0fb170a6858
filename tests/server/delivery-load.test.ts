// 2,000 leads to 3 sponsors whose receivers answer 500 to 30% of requests and never answer 5%: every (lead, sponsor)
// pair the sponsor files call for is acknowledged exactly once as the receiver's de-duplication on webhook-id sees it
// (one webhook-id per pair, however many retries), none goes to a sponsor whose filter does not match, the daily cap
// holds, and every signature verifies with the standardwebhooks package's own verify. The real server, in its own
// process, delivers to the receivers of this one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppServer } from '../testing/app-server.ts';
import { attemptOutcomes, createLeadOverHttp, deliveryState, pairProblems, settledReceivers, startDeliveryProcess } from '../testing/delivery-process.ts';
import { startFakeSponsors, TEXAS_LAWYERS, type FakeSponsors } from '../testing/fake-sponsors.ts';
import { STARTUP_MS } from '../testing/test-db.ts';

const LEADS = 2_000;
const CHIROPRACTORS_CAP = 250;
const STATES = ['TX', 'OK', 'CA', 'FL'];

let fake: FakeSponsors;
let server: AppServer | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'claimflow-delivery-load-'));
beforeAll(async () => {
  fake = await startFakeSponsors([
    TEXAS_LAWYERS,
    {
      id: 'chiropractors',
      name: 'Chiropractors',
      category: 'medical-care',
      services: ['Chiropractor'],
      filter: { '==': [{ var: 'injured' }, true] },
      dailyCap: CHIROPRACTORS_CAP,
      active: true,
    },
    {
      id: 'comp-claims',
      name: 'Comp Claims',
      category: 'law-firm',
      services: ['workers-comp'],
      filter: { '==': [{ var: 'legal_consult' }, true] },
      dailyCap: 100_000,
      active: true,
    },
  ]);
  for (const id of ['texas-lawyers', 'chiropractors', 'comp-claims']) fake.behaviour.set(id, { fail: 0.3, hang: 0.05 });
  server = await startDeliveryProcess(fake, dataDir);
}, STARTUP_MS);
afterAll(async () => {
  await server?.kill();
  await fake?.close();
});

interface Made {
  id: number;
  state: string;
  injured: boolean;
  legalConsult: boolean;
  types: string[];
}

it(`delivers ${LEADS} leads to 3 sponsors through failing receivers: each pair once, filters and caps held`, { timeout: 600_000 }, async () => {
  const started = Date.now();
  const made: Made[] = [];
  const pick = (i: number, n: number) => (i * 7919 + n * 104_729) % 13;
  for (let i = 0; i < LEADS; i += 20) {
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, LEADS - i) }, async (_, j) => {
          const n = i + j;
          const lead = {
            state: STATES[n % 4]!,
            injured: pick(n, 1) < 7,
            legalConsult: pick(n, 2) < 8,
            types: ['__CALawyer', 'Chiropractor', 'DefectiveAirbag'].filter((_, k) => pick(n, k + 3) < 6),
          };
          const id = await createLeadOverHttp(
            server!.url,
            `load-lead-${n}`,
            {
              state: lead.state,
              injured: lead.injured,
              legal_consult: lead.legalConsult,
              leadTypes: Object.fromEntries(lead.types.map((t) => [t, 'AM'])),
            },
            fake,
          );
          return { id, ...lead };
        }),
      )),
    );
  }
  const created = Date.now();

  // What the sponsor files call for, worked out here on their own terms: lead ids are routing's order for the cap.
  made.sort((a, b) => a.id - b.id);
  const expected = new Set<string>();
  let chiropractors = 0;
  for (const lead of made) {
    if (lead.types.includes('__CALawyer') && ['TX', 'OK'].includes(lead.state)) expected.add(`${lead.id}:texas-lawyers`);
    if (lead.types.includes('Chiropractor') && lead.injured && chiropractors < CHIROPRACTORS_CAP) {
      chiropractors += 1;
      expected.add(`${lead.id}:chiropractors`);
    }
    if (lead.legalConsult) expected.add(`${lead.id}:comp-claims`);
  }
  expect(chiropractors, 'the cap is reached').toBe(CHIROPRACTORS_CAP);

  // An answer that came after the 1 s timeout is sent again a second or two later (and acknowledged as a repeat).
  await settledReceivers(fake, expected, 4_000, 400_000);
  const settled = Date.now();
  await server!.stop();
  server = undefined;

  expect(fake.badSignatures).toEqual([]);
  expect(pairProblems(fake, expected)).toEqual({ twice: [], unexpected: [], missing: [] });
  expect([...fake.acknowledged.values()].every((r) => r.type === 'lead.created')).toBe(true);
  expect(await deliveryState(dataDir)).toEqual({ pending: 0, delivered: expected.size, unrouted: 0, certificates: LEADS });
  console.info(
    `delivery under faults: ${LEADS} leads created in ${((created - started) / 1000).toFixed(1)} s, ${expected.size} (lead, sponsor) pairs ` +
      `all acknowledged once, settled ${((settled - created) / 1000).toFixed(1)} s later; ${fake.requests} requests, ` +
      `${fake.repeats} repeats of an acknowledged webhook-id (its answer came after the timeout), none counted twice; ` +
      `attempts: ${await attemptOutcomes(dataDir)}`,
  );
});
