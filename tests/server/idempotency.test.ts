// Idempotency-Key: no lead lost or doubled. Retries (some concurrent) of 200 submissions leave exactly 200 leads and
// 200 consent records; a retry gets the first answer byte for byte; a reused key is 422, one still running is 409.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_RETENTION_HOURS, KEY_LOCK_SQL, purgeKeys } from '../../server/store/idempotency-keys.ts';
import { calcLeadBody, campLejeuneBody, generalLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { leadsWithoutTheirConsent, openTestDb, STARTUP_MS, tableCounts, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const ROUTES = [
  ['/api/leads/create/calc', calcLeadBody],
  ['/api/leads/create', generalLeadBody],
  ['/api/leads/create-camp-lejeune', campLejeuneBody],
] as const;

interface Visitor {
  phone: ReturnType<typeof uniquePhone>;
  cookie: string;
}

describe.each(testDbKinds)('Idempotency-Key on %s', (kind) => {
  let s: TestServer;
  let run = 0;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(async () => {
    expect(await leadsWithoutTheirConsent(s.db)).toBe(0);
    await s.close();
  });

  const newKey = () => `key-${kind}-${Date.now().toString(36)}-${(run += 1)}`;
  const visitor = async (): Promise<Visitor> => {
    const phone = uniquePhone();
    return { phone, cookie: await verifyPhone(s, phone.national) };
  };
  const create = (url: string, payload: unknown, cookie: string | undefined, key?: string) => send(s.app, 'POST', url, { payload, cookie, key });

  /** Sends again while the answer is 409, as the client's outbox does; counts the 409s. */
  const untilAnswered = async (request: () => Promise<LightMyRequestResponse>, counts: { inProgress: number }) => {
    for (;;) {
      const res = await request();
      if (res.statusCode !== 409) return res;
      expect(res.json()).toEqual({ error: 'request_in_progress' });
      expect(res.headers['retry-after']).toBe('1');
      counts.inProgress += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('keeps exactly 200 leads and 200 consent records for 200 submissions each sent 4 times, some at once', async () => {
    // A visitor each: a verification makes one lead per funnel.
    const visitors: Visitor[] = [];
    for (let i = 0; i < 200; i += 1) visitors.push(await visitor());
    const before = await tableCounts(s.db);
    const counts = { inProgress: 0, requests: 0 };
    const submissions = Array.from({ length: 200 }, (_, i) => {
      const [url, body] = ROUTES[i % ROUTES.length] ?? ROUTES[0];
      const v = visitors[i % visitors.length] as Visitor;
      return { url, payload: body(v.phone.typed, { firstName: `Jo${i}` }), cookie: v.cookie, key: newKey() };
    });

    const answers = new Map<string, LightMyRequestResponse[]>();
    const submit = async (sub: (typeof submissions)[number], i: number) => {
      const once = () => {
        counts.requests += 1;
        return untilAnswered(() => create(sub.url, sub.payload, sub.cookie, sub.key), counts);
      };
      let responses: LightMyRequestResponse[];
      if (i % 4 === 0) responses = await Promise.all([once(), once(), once(), once()]);
      else if (i % 4 === 1) responses = [...(await Promise.all([once(), once()])), await once(), await once()];
      else responses = [await once(), await once(), await once(), await once()];
      answers.set(sub.key, responses);
    };
    // Ten submissions at a time, so submissions overlap as well as their retries.
    for (let start = 0; start < submissions.length; start += 10) {
      await Promise.all(submissions.slice(start, start + 10).map((sub, j) => submit(sub, start + j)));
    }

    const ids = new Set<number>();
    for (const responses of answers.values()) {
      const [first, ...retries] = responses;
      expect(first?.statusCode, first?.body).toBe(200);
      for (const retry of retries) {
        expect(retry.statusCode).toBe(first?.statusCode);
        expect(retry.body).toBe(first?.body);
        expect(retry.headers['content-type']).toBe(first?.headers['content-type']);
      }
      ids.add(first?.json<{ lead: { id: number } }>().lead.id ?? -1);
    }
    expect(ids.size).toBe(200);
    const after = await tableCounts(s.db);
    expect(after.leads).toBe((before.leads ?? 0) + 200);
    expect(after.consent_records).toBe((before.consent_records ?? 0) + 200);
    // Each answer is kept under its Idempotency-Key and under its lead's funnel and verification.
    expect(after.idempotency_keys).toBe((before.idempotency_keys ?? 0) + 400);
    console.info(`[idempotency ${kind}] 200 submissions, ${counts.requests} sends (+${counts.inProgress} re-sends after 409): 200 leads, 200 consent records`);
  }, 180_000);

  it('answers 422 for a key used with another body, writing nothing; a key is per route', async () => {
    const v = await visitor();
    const key = newKey();
    expect((await create('/api/leads/create/calc', calcLeadBody(v.phone.typed), v.cookie, key)).statusCode).toBe(200);
    const before = await tableCounts(s.db);
    const reused = await create('/api/leads/create/calc', calcLeadBody(v.phone.typed, { email: 'other@example.com' }), v.cookie, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ error: 'idempotency_key_reused' });
    const otherQuery = await send(s.app, 'POST', '/api/leads/create/calc?calc_id=c9', { payload: calcLeadBody(v.phone.typed), cookie: v.cookie, key });
    expect(otherQuery.statusCode).toBe(422);
    expect(await tableCounts(s.db)).toEqual(before);
    // The same key on another route is another key.
    expect((await create('/api/leads/create', generalLeadBody(v.phone.typed), v.cookie, key)).statusCode).toBe(200);
  });

  it('takes field order as the same request', async () => {
    const v = await visitor();
    const key = newKey();
    const body = calcLeadBody(v.phone.typed);
    const first = await create('/api/leads/create/calc', body, v.cookie, key);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await create('/api/leads/create/calc', reordered, v.cookie, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
  });

  it.runIf(kind === 'postgres')('takes no key held in another schema of the same database (another deployment or test)', async () => {
    const v = await visitor();
    const key = newKey();
    const other = await openTestDb('postgres');
    try {
      await other.db.transaction(async (tx) => {
        expect((await tx.query<{ locked: boolean }>(KEY_LOCK_SQL, ['POST /api/leads/create', key])).rows[0]?.locked).toBe(true);
        expect((await create('/api/leads/create', generalLeadBody(v.phone.typed), v.cookie, key)).statusCode).toBe(200);
      });
    } finally {
      await other.close();
    }
  });

  it('answers a duplicate sent while the first runs: 409 on PostgreSQL, the first answer on PGlite', async () => {
    const v = await visitor();
    const key = newKey();
    const body = generalLeadBody(v.phone.typed);
    const before = await tableCounts(s.db);
    if (kind === 'postgres') {
      // Another connection's transaction holds the key, as a request still running (here or in another process) does.
      await s.db.transaction(async (tx) => {
        expect((await tx.query<{ locked: boolean }>(KEY_LOCK_SQL, ['POST /api/leads/create', key])).rows[0]?.locked).toBe(true);
        for (const payload of [body, { ...body, email: 'x@example.com' }]) {
          const busy = await create('/api/leads/create', payload, v.cookie, key);
          expect(busy.statusCode).toBe(409);
          expect(busy.json()).toEqual({ error: 'request_in_progress' });
          expect(busy.headers['retry-after']).toBe('1');
        }
      });
      expect(await tableCounts(s.db)).toEqual(before);
    }
    // PGlite runs one transaction at a time: a duplicate waits for the first and gets its answer.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => untilAnswered(() => create('/api/leads/create', body, v.cookie, key), { inProgress: 0 })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect((await tableCounts(s.db)).leads).toBe((before.leads ?? 0) + 1);
  });

  it('checks the verification before any replay', async () => {
    const v = await visitor();
    const stranger = await visitor();
    const key = newKey();
    const body = campLejeuneBody(v.phone.typed);
    expect((await create('/api/leads/create-camp-lejeune', body, v.cookie, key)).statusCode).toBe(200);
    for (const cookie of [undefined, stranger.cookie]) {
      const res = await create('/api/leads/create-camp-lejeune', body, cookie, key);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'phone_not_verified' });
    }
  });

  it('keeps nothing of a request that failed: its key is free and a retry stores the lead once', async () => {
    const v = await visitor();
    const key = newKey();
    await s.db.query(`CREATE FUNCTION fail_lead() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await s.db.query('CREATE TRIGGER fail_lead BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION fail_lead()');
    const before = await tableCounts(s.db);
    let failed: LightMyRequestResponse;
    try {
      failed = await create('/api/leads/create/calc', calcLeadBody(v.phone.typed), v.cookie, key);
    } finally {
      await s.db.query('DROP TRIGGER fail_lead ON leads');
      await s.db.query('DROP FUNCTION fail_lead()');
    }
    expect(failed.statusCode).toBe(500);
    expect(await tableCounts(s.db)).toEqual(before);
    const retried = await create('/api/leads/create/calc', calcLeadBody(v.phone.typed), v.cookie, key);
    expect(retried.statusCode).toBe(200);
    expect((await tableCounts(s.db)).leads).toBe((before.leads ?? 0) + 1);
  });

  it('does not keep refusals: a retry after verifying goes through', async () => {
    const phone = uniquePhone();
    const key = newKey();
    const body = calcLeadBody(phone.typed);
    expect((await create('/api/leads/create/calc', body, undefined, key)).statusCode).toBe(403);
    const cookie = await verifyPhone(s, phone.national);
    expect((await create('/api/leads/create/calc', body, cookie, key)).statusCode).toBe(200);
  });

  it('replays the updates too: call time and the account of the accident', async () => {
    const v = await visitor();
    const id = (await create('/api/leads/create', generalLeadBody(v.phone.typed), v.cookie)).json<{ lead: { id: number } }>().lead.id;
    const timeKey = newKey();
    const time = () => send(s.app, 'PUT', '/api/leads/update/time', { payload: { ids: [id], preferredCallTime: '3pm - 4pm' }, cookie: v.cookie, key: timeKey });
    const [a, b] = await Promise.all([untilAnswered(time, { inProgress: 0 }), untilAnswered(time, { inProgress: 0 })]);
    expect([a.statusCode, b.statusCode, b.body]).toEqual([200, 200, a.body]);
    const otherTime = await send(s.app, 'PUT', '/api/leads/update/time', {
      payload: { ids: [id], preferredCallTime: 'Call ASAP' },
      cookie: v.cookie,
      key: timeKey,
    });
    expect(otherTime.statusCode).toBe(422);

    const reasonKey = newKey();
    const reason = (text: string, cookie?: string) =>
      send(s.app, 'PUT', '/api/leads/update', {
        payload: { lead_id: id, extra_details: { accidentDetails: { accidentReason: text } } },
        cookie,
        key: reasonKey,
      });
    const first = await reason('It rained.', v.cookie);
    expect(first.statusCode).toBe(200);
    expect((await reason('It rained.', v.cookie)).body).toBe(first.body);
    expect((await reason('It snowed.', v.cookie)).statusCode).toBe(422);
    expect((await reason('It rained.')).statusCode).toBe(403);
  });

  it.each([
    ['with a space', 'a key'],
    ['of 201 characters', 'k'.repeat(201)],
    ['empty', ''],
  ])('refuses an Idempotency-Key %s with 400 naming it', async (_what, key) => {
    const v = await visitor();
    const before = await tableCounts(s.db);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/leads/create/calc',
      payload: calcLeadBody(v.phone.typed),
      headers: { cookie: v.cookie, 'idempotency-key': key },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'Idempotency-Key' });
    expect(await tableCounts(s.db)).toEqual(before);
  });

  it(`keeps keys at least 24 hours, and forgets them after ${IDEMPOTENCY_RETENTION_HOURS}`, async () => {
    const v = await visitor();
    const [young, old] = [newKey(), newKey()];
    for (const key of [young, old]) expect((await create('/api/leads/create/calc', calcLeadBody(v.phone.typed), v.cookie, key)).statusCode).toBe(200);
    await s.db.query("UPDATE idempotency_keys SET created_at = now() - interval '47 hours' WHERE key = $1", [young]);
    await s.db.query("UPDATE idempotency_keys SET created_at = now() - interval '49 hours' WHERE key = $1", [old]);
    await purgeKeys(s.db);
    const { rows } = await s.db.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE key = ANY($1::text[])', [[young, old]]);
    expect(rows.map((r) => r.key)).toEqual([young]);
  });
});
