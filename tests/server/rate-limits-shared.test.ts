// The per-address rate limits hold across server processes: they are counted in the database (limit_events), not in
// each process. Two web servers (server/main.ts) on one PostgreSQL let an address make RATE_LIMIT_API_PER_MINUTE API
// requests between them, not that many each (processes that share a database need TEST_DATABASE_URL, always set in CI;
// without it that part is skipped). The counting statement itself is tested on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequest } from '../../server/limits/limit-events.ts';
import { freshPostgres, type FreshPostgres } from '../testing/fresh-postgres.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';
import { startServer, type ServerProcess } from '../testing/worker-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const MAX = 6;
const MINUTE = 60_000;

describe.each(testDbKinds)('countRequest on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => testDb.close());

  it('counts a subject’s requests in the last window, and says when the oldest that matters leaves it', async () => {
    const t = Date.UTC(2030, 0, 7, 9);
    const count = (subject: string, now: number) => countRequest(testDb.db, subject, { max: 3, ms: MINUTE }, now);
    expect(await count('apiRequests ip:10.0.0.1', t)).toEqual({ current: 1, ttl: MINUTE });
    expect(await count('apiRequests ip:10.0.0.1', t + 1_000)).toEqual({ current: 2, ttl: MINUTE - 1_000 });
    expect(await count('webRequests ip:10.0.0.1', t + 2_000)).toEqual({ current: 1, ttl: MINUTE });
    expect(await count('apiRequests ip:10.0.0.1', t + 3_000)).toEqual({ current: 3, ttl: MINUTE - 3_000 });
    // Over max (refused requests count too): a place frees when the newest 3's oldest (at t + 1 s) leaves.
    expect(await count('apiRequests ip:10.0.0.1', t + 4_000)).toEqual({ current: 4, ttl: MINUTE - 3_000 });
    // The request at t has left the window.
    expect(await count('apiRequests ip:10.0.0.1', t + MINUTE)).toEqual({ current: 4, ttl: 3_000 });
    expect(await count('apiRequests ip:10.0.0.1', t + 2 * MINUTE + 4_000)).toEqual({ current: 1, ttl: MINUTE });
  });

  it('counts requests ahead up to the window’s room, and the one request alone past it', async () => {
    const t = Date.UTC(2030, 0, 7, 11);
    const window = { max: 5, ms: MINUTE };
    const events = async () =>
      (await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM limit_events WHERE subject = $1', ['webRequests ip:10.0.0.3'])).rows[0]!.n;
    expect(await countRequest(testDb.db, 'webRequests ip:10.0.0.3', window, t, 2)).toEqual({ current: 1, ttl: MINUTE });
    expect(await events()).toBe(2);
    // Room for 3 more: 3 recorded of the 4 asked for.
    expect((await countRequest(testDb.db, 'webRequests ip:10.0.0.3', window, t + 1_000, 4)).current).toBe(3);
    expect(await events()).toBe(5);
    // Full: this request alone is recorded (refused requests count), whatever was asked for.
    expect((await countRequest(testDb.db, 'webRequests ip:10.0.0.3', window, t + 2_000, 4)).current).toBe(6);
    expect(await events()).toBe(6);
  });

  it('records requests that arrive at once, each once', async () => {
    const t = Date.UTC(2030, 0, 7, 10);
    const window = { max: 100, ms: MINUTE };
    await Promise.all(Array.from({ length: 20 }, () => countRequest(testDb.db, 'apiRequests ip:10.0.0.2', window, t)));
    expect((await countRequest(testDb.db, 'apiRequests ip:10.0.0.2', window, t + 1)).current).toBe(21);
  });
});

describe.skipIf(!ADMIN_URL)('two server processes on one PostgreSQL', () => {
  let database: FreshPostgres;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await freshPostgres(ADMIN_URL!, 'claimflow_limits');
    // No load shedding, as the in-process test servers (NO_SHEDDING): a process just started on a busy machine answered
    // 503 overloaded to every other request here, which is not what this file tests.
    const env = {
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      RATE_LIMIT_API_PER_MINUTE: String(MAX),
      DEMO_REPORTS: 'off',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_DB_WAITING: '100000',
    };
    // One after the other: the first migrates the database.
    for (let i = 0; i < 2; i++) servers.push(await startServer(env));
  }, 2 * STARTUP_MS);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.drop();
  });

  it(`let an address make ${MAX} API requests a minute between them, not ${MAX} each`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * MAX; i++) statuses.push((await fetch(`http://127.0.0.1:${servers[i % 2]!.port}/api/nope`)).status);
    expect(statuses).toEqual([...Array<number>(MAX).fill(404), ...Array<number>(MAX).fill(429)]);
  });
});
