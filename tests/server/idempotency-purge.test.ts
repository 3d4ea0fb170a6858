// Expired rows go by a pg-boss job (hourly, and at the queue's start), not inside requests: Idempotency-Key answers past
// their retention, and rate-limit counters whose window has ended.
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
  const countersLeft = async () => (await testDb.db.query<{ key: string }>('SELECT key FROM rate_limit_counters ORDER BY key')).rows.map((r) => r.key);

  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(async () => {
    await queue?.stop();
    if (kind === 'postgres') await testDb.db.query(`DROP SCHEMA IF EXISTS ${bossSchema()} CASCADE`);
    await testDb.close();
  });

  it(
    `deletes the answers older than ${IDEMPOTENCY_RETENTION_HOURS} hours and the counters of ended windows when the queue starts, and is scheduled hourly`,
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
      for (const [key, windowEnd] of [
        ['api:ip:203.0.113.1', now + 60_000],
        ['api:ip:203.0.113.2', now - 1_000],
      ] as const) {
        await testDb.db.query('INSERT INTO rate_limit_counters (key, count, window_end) VALUES ($1, 1, $2)', [key, windowEnd]);
      }
      queue = await new Jobs().start({
        db: testDb.db,
        databaseUrl: process.env.TEST_DATABASE_URL,
        sms: recordingSms(),
        config: { publicUrl: 'https://claims.example.com', alertCountries: ['US'] },
        log: (message, error) => console.error(message, error),
      });
      const end = Date.now() + 15_000;
      while ((await countersLeft()).length > 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(await keysLeft()).toEqual(['fresh', 'young']);
      expect(await countersLeft()).toEqual(['api:ip:203.0.113.1']);
      const { rows } = await testDb.db.query<{ cron: string }>(`SELECT cron FROM ${bossSchema()}.schedule WHERE name = $1`, ['purge-expired-rows']);
      expect(rows).toEqual([{ cron: '0 * * * *' }]);
    },
  );
});
