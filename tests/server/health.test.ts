// Health for load balancers (issue 37): /healthz answers while the process does; /readyz names what is not ready (the
// database, its migrations, the job queue) with a 503 and nothing internal; neither is rate limited, shed or logged.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { Jobs } from '../../server/jobs/jobs.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { brokenDb, openTestDb, STARTUP_MS, testDbKinds, unmigratedDb, type TestDb } from '../testing/test-db.ts';
import { makeTestServer, NO_SHEDDING, testConfig, type TestServer } from '../testing/test-servers.ts';

describe.each(testDbKinds)('readiness on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('GET /healthz answers 200 whatever else is ready', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it(
    'GET /readyz is 503 naming the job queue until it has started, then 200',
    async () => {
      const before = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'not_ready', notReady: ['jobs'] });
      await s.jobs.start({ db: s.db, databaseUrl: process.env.TEST_DATABASE_URL, sms: s.sms, config: s.config, log: () => {} });
      const after = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: 'ready' });
      await s.jobs.stop();
      expect((await s.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'not_ready', notReady: ['jobs'] });
    },
    STARTUP_MS,
  );

  it(
    'GET /readyz is 503 naming the migrations while one is left to run',
    async () => {
      const behind = await unmigratedDb(kind);
      try {
        await migrate(behind.db, { count: 3 });
        const app = await buildApp({ config: testConfig(), db: behind.db, sms: recordingSms() });
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        await app.close();
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 'not_ready', notReady: ['migrations', 'jobs'] });
      } finally {
        await behind.close();
      }
    },
    STARTUP_MS,
  );
});

describe('readiness without a database', () => {
  it('GET /readyz is 503 naming the database, with no word of its error', async () => {
    const app = await buildApp({ config: testConfig(), db: brokenDb(), sms: recordingSms(), jobs: new Jobs() });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe(JSON.stringify({ status: 'not_ready', notReady: ['database', 'jobs'] }));
    expect(health.statusCode).toBe(200);
  });
});

describe('probes are not limited, shed or logged', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    testDb = await openTestDb('pglite');
    // One request a minute per address, and a database whose queue is past every shedding figure.
    const config = testConfig({ rateLimit: { apiPerMinute: 1, staticPerMinute: 1 }, shedding: { ...NO_SHEDDING, dbWaiting: 1, optionalDbWaiting: 1 } });
    const db = { ...testDb.db, waiting: () => 1000 };
    app = await buildApp({ config, db, sms: recordingSms(), log: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
    await app.ready();
  }, STARTUP_MS);
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  it('answers every probe while other requests are refused for load', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/legal' })).json()).toMatchObject({ error: 'overloaded' });
    for (let i = 0; i < 5; i++) {
      for (const url of ['/healthz', '/readyz']) {
        const res = await app.inject({ method: 'GET', url });
        expect([200, 503]).toContain(res.statusCode);
        expect(res.json()).toHaveProperty('status');
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
  });

  it('asks the database once a second at most, however many probes come at once', async () => {
    const asked: string[] = [];
    const counted: Db = { ...testDb.db, query: (sql: string, params?: unknown[]) => (asked.push(sql), testDb.db.query(sql, params)) };
    const probed = await buildApp({ config: testConfig(), db: counted, sms: recordingSms() });
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => probed.inject({ method: 'GET', url: '/readyz' })));
      expect(new Set(answers.map((res) => res.body))).toEqual(new Set([JSON.stringify({ status: 'not_ready', notReady: ['jobs'] })]));
      expect(asked.filter((sql) => sql.includes('pgmigrations'))).toHaveLength(1);
    } finally {
      await probed.close();
    }
  });

  it('writes no access-log line for a probe', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/readyz' });
    expect(lines).toEqual([]);
    // Any other request is logged (here its answer, 503 for load).
    await app.inject({ method: 'GET', url: '/api/legal' });
    expect(lines.length).toBeGreaterThan(0);
  });
});
