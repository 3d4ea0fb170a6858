// Expired rows go by a pg-boss job (hourly, and at the queue's start), not inside requests: Idempotency-Key answers past
// their retention, and requests' limit events once their window has passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../server/jobs/jobs.ts';
import { IDEMPOTENCY_RETENTION_HOURS } from '../../server/store/idempotency-keys.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

describe.each(testDbKinds)('the purge of expired rows on %s', (kind) => {
  let testDb: TestDb;
  let queue: Jobs | undefined;
  const bossSchema = () => (testDb.db.schema === 'public' ? 'pgboss' : `${testDb.db.schema}_pgboss`);
  const keysLeft = async () => (await testDb.db.query<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')).rows.map((r) => r.key);
  const requestsLeft = async () =>
    (await testDb.db.query<{ subject: string }>("SELECT subject FROM limit_events WHERE subject LIKE 'apiRequests %' ORDER BY subject")).rows.map(
      (r) => r.subject,
    );

  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(async () => {
    await queue?.stop();
    if (kind === 'postgres') await testDb.db.query(`DROP SCHEMA IF EXISTS ${bossSchema()} CASCADE`);
    await testDb.close();
  });

  it(
    `deletes the answers older than ${IDEMPOTENCY_RETENTION_HOURS} hours and the requests out of their window when the queue starts, and is scheduled hourly`,
    { timeout: STARTUP_MS },
    async () => {
      for (const [key, hours] of [
        ['fresh', 0],
        ['young', IDEMPOTENCY_RETENTION_HOURS - 1],
        ['old', IDEMPOTENCY_RETENTION_HOURS + 1],
      ] as const) {
        await testDb.db.query(
          `INSERT INTO idempotency_keys (route, key, request_hash, status, response, created_at)
         VALUES ('POST /api/leads/create', $1, repeat('0', 64), 200, '{}', now() - make_interval(hours => $2))`,
          [key, hours],
        );
      }
      const now = Date.now();
      for (const [subject, at] of [
        ['apiRequests ip:203.0.113.1', now],
        ['apiRequests ip:203.0.113.2', now - 61_000],
      ] as const) {
        await testDb.db.query('INSERT INTO limit_events (subject, at) VALUES ($1, $2::timestamptz)', [subject, new Date(at).toISOString()]);
      }
      queue = await new Jobs().start({
        db: testDb.db,
        databaseUrl: process.env.TEST_DATABASE_URL,
        sms: recordingSms(),
        config: { publicUrl: 'https://claims.example.com', alertCountries: ['US'] },
        log: (message, error) => console.error(message, error),
      });
      const end = Date.now() + 15_000;
      while ((await requestsLeft()).length > 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(await keysLeft()).toEqual(['fresh', 'young']);
      expect(await requestsLeft()).toEqual(['apiRequests ip:203.0.113.1']);
      const { rows } = await testDb.db.query<{ cron: string }>(`SELECT cron FROM ${bossSchema()}.schedule WHERE name = $1`, ['purge-expired-rows']);
      expect(rows).toEqual([{ cron: '0 * * * *' }]);
    },
  );
});
