// A match is texted within moments, not at the next minute's sweep: POST /api/reports, the import and a subscription
// that finds its report on file each wake the sender once their transaction commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReports } from '../../server/reports/bulk-import.ts';
import { ALERT_TEST_MS, alertSubscriber } from '../testing/alerts.ts';
import { postReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

/** Well under the sweep's minute. */
const PROMPTLY_MS = 3_000;

describe.each(testDbKinds)('texts sent right after a match on %s', { timeout: ALERT_TEST_MS }, (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { reportIngestKeys: [TEST_INGEST_KEY], publicUrl: 'https://claims.example.com' } });
    await s.jobs.start({ db: s.db, databaseUrl: process.env.TEST_DATABASE_URL, sms: s.sms, config: s.config, metrics: s.metrics, log: () => {} });
  }, STARTUP_MS);
  afterAll(async () => {
    await s.jobs.stop();
    if (kind === 'postgres') await s.db.query(`DROP SCHEMA IF EXISTS ${s.db.schema}_pgboss CASCADE`);
    await s.close();
  });

  /** The first text to phone with the report's link, waited for up to PROMPTLY_MS; how long it took. */
  const textWithLink = async (phone: string, path: string, since: number) => {
    while (Date.now() - since < PROMPTLY_MS) {
      const text = s.sms.sent.find((m) => m.to === phone && m.text.includes(`https://claims.example.com${path}`));
      if (text) return Date.now() - since;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no text to ${phone} with ${path} within ${PROMPTLY_MS} ms`);
  };
  const reportId = async (crashId: unknown) => (await s.db.query<{ id: string }>('SELECT id FROM reports WHERE crash_id = $1', [crashId])).rows[0]?.id ?? '';
  const withVin = (vin: string) => sampleReport({ units: [{ unit: 1, vin, make: 'HONDA', year: 2019 }] });

  it('after POST /api/reports', async () => {
    const visitor = await alertSubscriber(s);
    const vin = '2HGFC2F59KH200001';
    await visitor.subscribe({ source: 'notify-me', vin });
    const report = withVin(vin);
    const posted = Date.now();
    expect((await postReports(s.app, [report])).json()).toMatchObject({ accepted: 1 });
    await textWithLink(visitor.phone.e164, `/accident/${await reportId(report.crashId)}?proof=`, posted);
    // Counted as an alert text, apart from the one-time codes.
    const sent = (await s.metrics.smsSent.get()).values;
    expect(sent.find((v) => v.labels.kind === 'alert')?.value).toBeGreaterThanOrEqual(1);
  });

  it('after an import', async () => {
    const visitor = await alertSubscriber(s);
    const vin = '2HGFC2F59KH200002';
    await visitor.subscribe({ source: 'alert', vin });
    const report = withVin(vin);
    const imported = Date.now();
    expect((await importReports(s.db, [report], { jobs: s.jobs })).accepted).toBe(1);
    await textWithLink(visitor.phone.e164, `/accident/${await reportId(report.crashId)}?proof=`, imported);
  });

  it('after a subscription that finds its report on file', async () => {
    const vin = '2HGFC2F59KH200003';
    const report = withVin(vin);
    expect((await postReports(s.app, [report])).json()).toMatchObject({ accepted: 1 });
    const visitor = await alertSubscriber(s);
    const subscribed = Date.now();
    const alert = await visitor.subscribe({ source: 'find-my-report', vin });
    expect(alert.onFile).toHaveLength(1);
    await textWithLink(visitor.phone.e164, alert.onFile[0]?.path ?? '', subscribed);
  });
});
