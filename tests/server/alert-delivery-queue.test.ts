// The job queue (pg-boss 10) on PGlite and PostgreSQL: texts left from before a start go at the start (and expired
// alerts end), a wake after rows are stored sends them within moments, a burst of wakes is a few jobs, the sweep is a
// pg-boss schedule, and a stopped queue sends nothing more. npm run worker refuses PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../server/jobs/jobs.ts';
import { insertAlerts, matchedAlerts, storeReports, testLead } from '../testing/alert-delivery.ts';
import { startWorker } from '../testing/worker-process.ts';
import { recordingSms, type RecordingSms } from '../testing/fake-sms.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

const PUBLIC_URL = 'https://claims.example.com';

/** Waits until check holds (every 20 ms, up to ms). */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('npm run worker needs PostgreSQL: on PGlite the server is the only process that may open the database', { timeout: 30_000 }, async () => {
  await expect(startWorker({ DATABASE_URL: '' })).rejects.toThrow(/exited \(1\)[\s\S]*DATABASE_URL is not set/);
});

describe.each(testDbKinds)('the job queue on %s', (kind) => {
  let testDb: TestDb;
  let leadId: string;
  let sms: RecordingSms;
  let queue: Jobs;
  const errors: unknown[] = [];
  const bossSchema = () => (testDb.db.schema === 'public' ? 'pgboss' : `${testDb.db.schema}_pgboss`);
  const start = () =>
    new Jobs().start({
      db: testDb.db,
      databaseUrl: process.env.TEST_DATABASE_URL,
      sms,
      config: { publicUrl: PUBLIC_URL, alertCountries: ['US'] },
      log: (message, error) => errors.push([message, error]),
    });

  beforeAll(async () => {
    testDb = await openTestDb(kind);
    leadId = await testLead(testDb.db);
    sms = recordingSms();
  }, STARTUP_MS);
  afterAll(async () => {
    if (kind === 'postgres') await testDb.db.query(`DROP SCHEMA IF EXISTS ${bossSchema()} CASCADE`);
    await testDb.close();
  });

  it('sends the texts stored before it started at its start, and ends the alerts whose time is up', { timeout: STARTUP_MS }, async () => {
    const alerts = await matchedAlerts(testDb.db, leadId, 3);
    const [report] = await storeReports(testDb.db, 1);
    const [expired] = await insertAlerts(testDb.db, leadId, [{ vin: report!.vin, expiresIn: '-1 hour' }]);
    queue = await start();
    await until(() => sms.sent.length === 4, 'four texts');
    expect(
      sms.sent
        .filter((m) => m.text.includes('/accident/'))
        .map((m) => m.to)
        .sort(),
    ).toEqual(alerts.map((a) => a.phone).sort());
    expect(sms.sent.filter((m) => m.text.includes('/find-my-report')).map((m) => m.to)).toEqual([expired!.phone]);
  });

  it('sends texts within moments of a wake', { timeout: 30_000 }, async () => {
    const before = sms.sent.length;
    const alerts = await matchedAlerts(testDb.db, leadId, 20);
    const woken = Date.now();
    queue.wake('alert-texts');
    await until(() => sms.sent.length === before + 20, 'twenty more texts');
    expect(Date.now() - woken).toBeLessThan(2_000);
    expect(
      sms.sent
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual(alerts.map((a) => a.phone).sort());
  });

  it('runs a burst of wakes as a few jobs, not one a wake', { timeout: 30_000 }, async () => {
    const jobs = async () => (await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${bossSchema()}.job WHERE name = 'alert-texts'`)).rows[0]!.n;
    const before = await jobs();
    const sent = sms.sent.length;
    await matchedAlerts(testDb.db, leadId, 5);
    for (let i = 0; i < 100; i++) queue.wake('alert-texts');
    await until(() => sms.sent.length === sent + 5, 'five more texts');
    expect((await jobs()) - before).toBeLessThan(10);
  });

  it('sweeps every minute by a pg-boss schedule', async () => {
    const { rows } = await testDb.db.query<{ name: string; cron: string }>(`SELECT name, cron FROM ${bossSchema()}.schedule WHERE name = $1`, ['alert-texts']);
    expect(rows).toEqual([{ name: 'alert-texts', cron: '* * * * *' }]);
  });

  it('stops cleanly, and a stopped queue sends nothing more', { timeout: 30_000 }, async () => {
    await queue.stop();
    const before = sms.sent.length;
    await matchedAlerts(testDb.db, leadId, 1);
    queue.wake('alert-texts');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sms.sent).toHaveLength(before);
    // The database is the server's: still open after the queue stopped.
    expect((await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_texts WHERE sent_at IS NULL')).rows).toEqual([{ n: 1 }]);
    expect(errors).toEqual([]);
  });
});
