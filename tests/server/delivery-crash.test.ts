// The server killed (SIGKILL) ten times while it routes and delivers leads to failing receivers, restarted on the same
// data each time: nothing is lost (every (lead, sponsor) pair is acknowledged after the last restart) and nothing is
// routed twice (one webhook-id per pair, whatever was under way when the server died).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { startAppServer, type AppServer } from '../testing/app-server.ts';
import { startFakeSponsors, type FakeSponsors } from '../testing/fake-sponsors.ts';
import { generalLeadBody } from '../testing/lead-bodies.ts';
import { STARTUP_MS } from '../testing/test-db.ts';

const LEADS = 800;
const KILLS = 10;
const TEST_PHONE = '+12025550163';
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let fake: FakeSponsors;
let server: AppServer | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'claimflow-delivery-crash-'));
beforeAll(async () => {
  fake = await startFakeSponsors([
    { id: 'texas-lawyers', name: 'Texas Lawyers', services: ['__CALawyer'], filter: { in: [{ var: 'state' }, ['TX', 'OK']] }, dailyCap: 100_000, active: true },
    { id: 'comp-claims', name: 'Comp Claims', services: ['workers-compensation'], filter: { '==': [{ var: 'legal_consult' }, true] }, dailyCap: 100_000, active: true },
  ]);
  for (const id of ['texas-lawyers', 'comp-claims']) fake.behaviour.set(id, { fail: 0.3, hang: 0.05 });
}, STARTUP_MS);
afterAll(async () => {
  await server?.kill();
  await fake?.close();
});

const start = () =>
  startAppServer({
    staticDir: '/nonexistent-claimflow-dist',
    dataDir,
    env: {
      TEST_PHONE,
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      SPONSORS_DIR: fake.dir,
      ...fake.env,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: [0, ...Array<number>(14).fill(1)].join(','),
      WEBHOOK_TIMEOUT_SECONDS: '1',
    },
  });

async function createLead(base: string, n: number): Promise<{ id: number; state: string; legalConsult: boolean; lawyer: boolean }> {
  const send = await fetch(`${base}/api/user/mfa-sms-send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ country_code: '+1', phone: TEST_PHONE.slice(2) }),
  });
  const cookie = send.headers.get('set-cookie')?.split(';')[0] ?? '';
  const lead = { state: ['TX', 'OK', 'CA'][n % 3]!, legalConsult: n % 5 !== 0, lawyer: n % 2 === 0 };
  const res = await fetch(`${base}/api/leads/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `crash-lead-${n}` },
    body: JSON.stringify(generalLeadBody(TEST_PHONE.slice(2), { state: lead.state, legal_consult: lead.legalConsult, leadTypes: lead.lawyer ? { __CALawyer: 'AM' } : { Chiropractor: 'PM' } })),
  });
  if (res.status !== 200) throw new Error(`leads/create ${res.status}: ${await res.text()}`);
  return { id: ((await res.json()) as { resultIds: number[] }).resultIds[0]!, ...lead };
}

it(`loses no delivery and routes no lead twice when the server is killed ${KILLS} times while it delivers`, { timeout: 600_000 }, async () => {
  server = await start();
  const base = server.url;
  const leads: Awaited<ReturnType<typeof createLead>>[] = [];
  for (let i = 0; i < LEADS; i += 10) leads.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => createLead(base, i + j)))));
  const expected = new Set(
    leads.flatMap((l) => [...(l.lawyer && l.state !== 'CA' ? [`${l.id}:texas-lawyers`] : []), ...(l.legalConsult ? [`${l.id}:comp-claims`] : [])]),
  );

  const kills: number[] = [];
  for (let round = 0; round < KILLS; round++) {
    const before = fake.acknowledged.size;
    const after = 1 + Math.floor(Math.random() * 25);
    const end = Date.now() + 60_000;
    while (fake.acknowledged.size - before < after) {
      if (Date.now() > end) throw new Error(`round ${round}: ${after} acknowledgements did not come within 60 s (${fake.acknowledged.size} of ${expected.size} so far)`);
      await delay(5);
    }
    await server.kill();
    kills.push(fake.acknowledged.size);
    server = await start();
  }
  expect(fake.acknowledged.size, 'acknowledged before the last restart').toBeLessThan(expected.size);

  const end = Date.now() + 240_000;
  const pairs = () => [...fake.acknowledged.values()].map((r) => `${String(r.envelope.data.id)}:${r.sponsor}`);
  while (pairs().filter((p) => expected.has(p)).length < expected.size && Date.now() < end) await delay(200);
  // A delivery acknowledged just before a kill is sent again once its claim (timeout + 10 s) ends: the server is done
  // when the receiver has heard nothing for that long.
  for (let heard = fake.requests, quietSince = Date.now(); Date.now() - quietSince < 13_000 && Date.now() < end; await delay(200)) {
    if (fake.requests !== heard) [heard, quietSince] = [fake.requests, Date.now()];
  }
  await server.stop();
  server = undefined;

  expect(fake.badSignatures).toEqual([]);
  const got = pairs();
  expect({
    twice: got.filter((p, i) => got.indexOf(p) !== i),
    unexpected: got.filter((p) => !expected.has(p)),
    missing: [...expected].filter((p) => !got.includes(p)),
  }).toEqual({ twice: [], unexpected: [], missing: [] });
  const db = await openPgliteDb(dataDir);
  try {
    const { rows } = await db.query<{ pending: number; delivered: number; unrouted: number; certificates: number }>(
      `SELECT (SELECT count(*)::int FROM deliveries WHERE status <> 'delivered') AS pending,
        (SELECT count(*)::int FROM deliveries WHERE status = 'delivered') AS delivered,
        (SELECT count(*)::int FROM leads WHERE routed_at IS NULL) AS unrouted,
        (SELECT count(*)::int FROM consent_certificates) AS certificates`,
    );
    expect(rows[0]).toEqual({ pending: 0, delivered: expected.size, unrouted: 0, certificates: LEADS });
  } finally {
    await db.close();
  }
  console.info(
    `delivery through ${KILLS} kills (SIGKILL after ${kills.join(', ')} acknowledgements): ${LEADS} leads, ${expected.size} pairs each ` +
      `acknowledged under one webhook-id; ${fake.requests} requests, ${fake.repeats} repeats of an acknowledged webhook-id`,
  );
});
