// An alert and a matching report stored at the same moment, each in its own transaction, still meet: whichever
// commits second finds the first (match-lock.ts), so the report is texted once either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockForAlerting } from '../../server/alerts/match-lock.ts';
import { matchReports } from '../../server/alerts/match-reports.ts';
import { ingestReports } from '../../server/reports/ingest.ts';
import { prepareReport } from '../../server/reports/prepare-report.ts';
import { reportPlaces } from '../../server/reports/report-places.ts';
import { storeReports } from '../../server/reports/store-reports.ts';
import { makePartitions } from '../../server/reports/report-partitions.ts';
import { ALERT_TEST_MS, alertSubscriber } from '../testing/alerts.ts';
import { sampleReport } from '../testing/reports.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe.each(testDbKinds)('an alert and a report stored at once on %s', { timeout: ALERT_TEST_MS }, (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const vinReport = (vin: string) => sampleReport({ units: [{ unit: 1, vin, make: 'HONDA', year: 2019 }] });

  it('answers the report on file when it commits while the alert is being created', async () => {
    const visitor = await alertSubscriber(s);
    const vin = '2HGFC2F59KH100001';
    const prepared = prepareReport(vinReport(vin), { places: await reportPlaces(), now: Date.now() });
    if (!prepared.ok) throw new Error('bad report');
    const held = gate();
    // The report's transaction has stored and matched it (no alert yet) and has not committed.
    const stored = gate();
    await s.db.transaction((tx) => makePartitions(tx, [prepared.report.occurred_on]));
    const storing = s.db.transaction(async (tx) => {
      const { ids } = await storeReports(tx, [prepared.report]);
      await matchReports(tx, ids);
      stored.open();
      await held.opened;
    });
    await stored.opened;
    const subscribing = visitor.subscribe({ source: 'notify-me', vin });
    expect(await settledWithin(subscribing, 300)).toBe(false);
    held.open();
    await storing;
    const alert = await subscribing;
    expect(alert.onFile).toEqual([{ id: prepared.report.id, path: expect.stringMatching(new RegExp(`^/accident/${prepared.report.id}\\?proof=`)) as unknown }]);
    const { rows } = await s.db.query('SELECT 1 FROM alert_texts WHERE alert_id = $1', [alert.id]);
    expect(rows).toHaveLength(1);
  });

  it('matches a report stored while the alert is being created, once it commits', async () => {
    const visitor = await alertSubscriber(s);
    const vin = '2HGFC2F59KH100002';
    const earlier = await visitor.subscribe({ source: 'notify-me', vin: '2HGFC2F59KH100003' });
    const { rows: leads } = await s.db.query<{ lead_id: string }>('SELECT lead_id FROM alerts WHERE id = $1', [earlier.id]);
    const held = gate();
    const locked = gate();
    // An alert's transaction as createLeadWithAlert runs it: the lock taken, the alert stored, no commit yet.
    const creating = s.db.transaction(async (tx) => {
      await lockForAlerting(tx);
      await tx.query(
        `INSERT INTO alerts (id, lead_id, phone, locale, source, vin, expires_at) VALUES ('concurrent-1', $1, $2, 'en', 'notify-me', $3, now() + interval '1 day')`,
        [leads[0]?.lead_id, visitor.phone.e164, vin],
      );
      locked.open();
      await held.opened;
    });
    await locked.opened;
    const ingesting = ingestReports(s.db, [vinReport(vin)]);
    expect(await settledWithin(ingesting, 300)).toBe(false);
    held.open();
    await creating;
    expect((await ingesting).accepted).toBe(1);
    const { rows } = await s.db.query("SELECT 1 FROM alert_texts WHERE alert_id = 'concurrent-1'");
    expect(rows).toHaveLength(1);
  });
});
