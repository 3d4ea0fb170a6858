// The real server (its own process, PGlite in a data directory) delivering to the fake sponsors of this process, for
// the delivery tests that load it or kill it: its start with the sponsors' settings, leads made over HTTP by the test
// phone, waiting for the receivers to fall quiet, and the deliveries' states read once it has stopped.
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { startAppServer, type AppServer } from './app-server.ts';
import type { FakeSponsors } from './fake-sponsors.ts';
import { generalLeadBody, namingConsent } from './lead-bodies.ts';

export const PROCESS_PHONE = '+12025550163';
const STEP_SECONDS = 1;
const TIMEOUT_SECONDS = 1;
/** Fifteen tries a second apart: a pair fails all of them, at 35% a try, with odds of 0.35^15 (1 in 7 million). */
const SCHEDULE = [0, ...Array<number>(14).fill(STEP_SECONDS)].join(',');
/**
 * The longest a pending delivery may go unheard at its receiver, twice over for a loaded machine: a try's timeout, the
 * next step with its 20% of jitter, its wake rounded up to the next second, and the worker's poll (a second).
 */
const LONGEST_SILENCE_MS = 2 * (TIMEOUT_SECONDS + STEP_SECONDS * 1.2 + 1 + 1) * 1000;

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A server's settings to deliver to the fake's sponsors, quickly retried, with leads of the test phone. */
export const deliveryEnv = (fake: FakeSponsors): Record<string, string> => ({
  TEST_PHONE: PROCESS_PHONE,
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  SPONSORS_DIR: fake.dir,
  ...fake.env,
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_SCHEDULE: SCHEDULE,
  WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
});

export function startDeliveryProcess(fake: FakeSponsors, dataDir: string): Promise<AppServer> {
  return startAppServer({ staticDir: '/nonexistent-claimflow-dist', dataDir, env: deliveryEnv(fake) });
}

/**
 * A general lead of the test phone, its consent naming the fake's sponsors, with overrides, under a verification of its
 * own (one lead per funnel and verification); its id.
 */
export async function createLeadOverHttp(base: string, key: string, overrides: Record<string, unknown>, fake: FakeSponsors): Promise<number> {
  const lead = await postVerified(base, key, generalLeadBody(PROCESS_PHONE.slice(2), { consent: namingConsent(fake.active), ...overrides }));
  return (lead as { resultIds: number[] }).resultIds[0]!;
}

/** POST /api/leads/create of body by a new verification of the test phone, under the Idempotency-Key key; its answer. */
export async function postVerified(base: string, key: string, body: Record<string, unknown>): Promise<unknown> {
  const send = await fetch(`${base}/api/user/mfa-sms-send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ country_code: '+1', phone: PROCESS_PHONE.slice(2) }),
  });
  const cookie = send.headers.get('set-cookie')?.split(';')[0] ?? '';
  const res = await fetch(`${base}/api/leads/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`leads/create ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The acknowledged (lead, sponsor) pairs, `leadId:sponsor`, one per acknowledged webhook-id. */
export const acknowledgedPairs = (fake: FakeSponsors) => [...fake.acknowledged.values()].map((r) => `${String(r.envelope.data.id)}:${r.sponsor}`);

/**
 * Waits until every expected pair is acknowledged, then until the receivers have heard nothing for quietMs, and never
 * less than a pending delivery can go unheard (a delivery acknowledged just before a kill, or whose answer came too
 * late, is sent again once its claim ends or its next step comes: a quiet shorter than that ended with deliveries
 * still pending a retry).
 */
export async function settledReceivers(fake: FakeSponsors, expected: Set<string>, quietMs: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  quietMs = Math.max(quietMs, LONGEST_SILENCE_MS);
  while (acknowledgedPairs(fake).filter((p) => expected.has(p)).length < expected.size && Date.now() < end) await delay(200);
  for (let heard = fake.requests, quietSince = Date.now(); Date.now() - quietSince < quietMs && Date.now() < end; await delay(200)) {
    if (fake.requests !== heard) [heard, quietSince] = [fake.requests, Date.now()];
  }
}

/** The pairs acknowledged twice, not expected, and expected but missing. */
export function pairProblems(fake: FakeSponsors, expected: Set<string>): { twice: string[]; unexpected: string[]; missing: string[] } {
  const got = acknowledgedPairs(fake);
  const seen = new Set(got);
  return {
    twice: got.filter((p, i) => got.indexOf(p) !== i),
    unexpected: got.filter((p) => !expected.has(p)),
    missing: [...expected].filter((p) => !seen.has(p)),
  };
}

/** What the stopped server's database says: deliveries not delivered, delivered, leads not routed, certificates. */
export async function deliveryState(dataDir: string): Promise<{ pending: number; delivered: number; unrouted: number; certificates: number }> {
  const db = await openPgliteDb(dataDir);
  try {
    const { rows } = await db.query<{ pending: number; delivered: number; unrouted: number; certificates: number }>(
      `SELECT (SELECT count(*)::int FROM deliveries WHERE status <> 'delivered') AS pending,
        (SELECT count(*)::int FROM deliveries WHERE status = 'delivered') AS delivered,
        (SELECT count(*)::int FROM leads WHERE routed_at IS NULL) AS unrouted,
        (SELECT count(*)::int FROM consent_certificates) AS certificates`,
    );
    return rows[0]!;
  } finally {
    await db.close();
  }
}

/** The stopped server's attempts by outcome ("HTTP 204", "no answer within 1 s", …), most first. */
export async function attemptOutcomes(dataDir: string): Promise<string> {
  const db = await openPgliteDb(dataDir);
  try {
    const { rows } = await db.query<{ outcome: string; n: number }>(
      `SELECT coalesce(error, 'HTTP ' || http_status) AS outcome, count(*)::int AS n FROM delivery_attempts GROUP BY 1 ORDER BY 2 DESC`,
    );
    return rows.map((o) => `${o.outcome} ${o.n}`).join(', ');
  } finally {
    await db.close();
  }
}
