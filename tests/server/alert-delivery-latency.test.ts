// Alerts at scale through the real path: 1,000 open alerts, 10,000 reports POSTed to /api/reports in batches of 1,000
// with the job queue running: every alert is texted once with its report's link, no one else is texted. The latency
// from a report's ingestion (the start of the transaction that stored and matched it) to its text reaching the SMS
// provider, and from the batch's POST, is printed; its budget (p99 within 5 s) is the benchmark's row, bench/alerts.ts,
// measured on a quiet machine: a timed assertion here would fail on a loaded one without anything being wrong.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { Jobs } from '../../server/jobs/jobs.ts';
import type { SmsProvider } from '../../server/sms/sms-provider.ts';
import { testLead } from '../testing/alert-delivery.ts';
import { awaitedReportIds, ingestTimes, latencyFigures, latencyScenario, linkStart } from '../testing/alert-latency.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

const KEY = 'latency-test-feed-key-0123456789abcdef';

/** An SMS provider that notes when each text was handed to it. */
function timedSms(): SmsProvider & { sent: { to: string; text: string; at: number }[] } {
  const sent: { to: string; text: string; at: number }[] = [];
  return {
    sent,
    send(to, text) {
      sent.push({ to, text, at: Date.now() });
      return Promise.resolve();
    },
    wasSent: (to, text, since) => Promise.resolve(sent.some((m) => m.to === to && m.text === text && m.at >= since.getTime())),
  };
}

describe.each(testDbKinds)('alert latency on %s', (kind) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const jobs = new Jobs();
  const sms = timedSms();
  beforeAll(async () => {
    testDb = await openTestDb(kind);
    const config = testConfig({ reportIngestKeys: [KEY], publicUrl: 'https://claims.example.com' });
    app = await buildApp({ config, db: testDb.db, sms, jobs });
    await jobs.start({ db: testDb.db, databaseUrl: process.env.TEST_DATABASE_URL, sms, config, log: (m, e) => console.error(m, e) });
  }, STARTUP_MS);
  afterAll(async () => {
    await jobs.stop();
    await app?.close();
    if (kind === 'postgres') await testDb.db.query(`DROP SCHEMA IF EXISTS ${testDb.db.schema}_pgboss CASCADE`);
    await testDb?.close();
  });

  it('texts each of 1,000 alerts once as 10,000 reports arrive in batches of 1,000', { timeout: 110_000 }, async () => {
    const scenario = await latencyScenario(testDb.db, await testLead(testDb.db));
    // When each awaited report's batch was POSTed.
    const posted = new Map<string, number>();
    for (const batch of scenario.batches) {
      const at = Date.now();
      for (const report of batch) posted.set(`${String(report.source)} ${String(report.crashId)}`, at);
      const res = await app.inject({ method: 'POST', url: '/api/reports', headers: { authorization: `Bearer ${KEY}` }, payload: batch });
      expect(res.json()).toMatchObject({ accepted: batch.length, rejected: [] });
    }
    const end = Date.now() + 30_000;
    while (sms.sent.length < scenario.alerts.length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    // Anything more would come within moments: a text too many would be one sent wrongly.
    await new Promise((r) => setTimeout(r, 1_000));

    const ids = await awaitedReportIds(testDb.db, scenario);
    const byPhone = new Map(scenario.alerts.map((a) => [a.phone, a]));
    const wrong = sms.sent.filter((m) => {
      const alert = byPhone.get(m.to);
      return !alert || !m.text.includes(linkStart('https://claims.example.com', ids.get(alert.crash), alert));
    });
    const texted = new Set(sms.sent.map((m) => m.to));
    expect({ texts: sms.sent.length, alertsTexted: texted.size, wrong: wrong.length }).toEqual({ texts: 1_000, alertsTexted: 1_000, wrong: 0 });

    const ingested = await ingestTimes(testDb.db);
    const figures = latencyFigures(sms.sent.map((m) => ({ at: m.at, ingested: ingested.get(m.to)!, posted: posted.get(byPhone.get(m.to)!.crash)! })));
    console.info(`alert latency on ${kind} (ms): ${JSON.stringify(figures)}`);
  });
});
