// The alerts' sender on one database: each matched (alert, report) texted once with its link in the alert's language,
// nothing to stopped phones or phones abroad, a claim left by a dead sender reconciled with the provider (the console
// provider's own memory of it too), and expired alerts ended (the unmatched ones with a last text).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverAlertTexts, textsDueInSeconds, type DeliverDeps } from '../../server/alerts/deliver-texts.ts';
import { expireAlerts } from '../../server/alerts/expire-alerts.ts';
import { Metrics } from '../../server/metrics/metrics.ts';
import { consoleSms } from '../../server/sms/console-sms.ts';
import { resumePhone, stopPhone, unsubscribePath } from '../../server/sms/stops.ts';
import { insertAlerts, insertTexts, matchedAlerts, storeReports, testLead } from '../testing/alert-delivery.ts';
import { recordingSms, type RecordingSms } from '../testing/fake-sms.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

const PUBLIC_URL = 'https://claims.example.com';

it('the console provider knows what it printed since a moment, and nothing of another process', async () => {
  const lines: string[] = [];
  const since = new Date();
  const sms = consoleSms((line) => lines.push(line));
  await sms.send('+12025550123', 'on file:\nhttps://claims.example.com/accident/x');
  expect(lines).toEqual(['SMS to +12025550123: on file: https://claims.example.com/accident/x']);
  expect(await sms.wasSent('+12025550123', 'on file:\nhttps://claims.example.com/accident/x', since)).toBe(true);
  expect(await sms.wasSent('+12025550123', 'on file:\nhttps://claims.example.com/accident/x', new Date(Date.now() + 1000))).toBe(false);
  expect(await sms.wasSent('+12025550124', 'on file:\nhttps://claims.example.com/accident/x', since)).toBe(false);
  expect(await consoleSms(() => {}).wasSent('+12025550123', 'on file:\nhttps://claims.example.com/accident/x', since)).toBe(false);
});

describe.each(testDbKinds)('alert texts on %s', (kind) => {
  let testDb: TestDb;
  let leadId: string;
  let sms: RecordingSms;
  let deps: DeliverDeps;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
    leadId = await testLead(testDb.db);
  }, STARTUP_MS);
  afterAll(() => testDb.close());
  beforeEach(async () => {
    // Rows of earlier tests are all settled; each test sees only the texts of its own.
    await deliverAlertTexts(deps ?? { db: testDb.db, sms: recordingSms(), config: { publicUrl: PUBLIC_URL, alertCountries: ['US'] } });
    sms = recordingSms();
    deps = { db: testDb.db, sms, config: { publicUrl: PUBLIC_URL, alertCountries: ['US'] } };
  });
  const db = () => testDb.db;
  const rowOf = async (alertId: string) =>
    (await db().query<{ sent: boolean; skipped: string | null }>('SELECT sent_at IS NOT NULL AS sent, skipped FROM alert_texts WHERE alert_id = $1', [alertId]))
      .rows[0];

  it('texts each matched alert once: its report link with a proof standing for the VIN (never the VIN), and the way to stop', async () => {
    const [a, b] = await matchedAlerts(db(), leadId, 2);
    const delivery = await deliverAlertTexts(deps);
    expect(delivery).toEqual({ sent: 2, skipped: 0, failed: 0 });
    for (const alert of [a!, b!]) {
      const stop = `${PUBLIC_URL}${await unsubscribePath(db(), alert.phone)}`;
      const texts = sms.sent.filter((m) => m.to === alert.phone);
      expect(texts).toEqual([
        {
          to: alert.phone,
          text: expect.stringMatching(
            new RegExp(
              `^claimflow: your accident report is on file: ${PUBLIC_URL}/accident/${alert.reportId}\\?proof=[\\w.-]+\nTo stop these texts reply STOP or open ${stop}$`,
            ),
          ) as unknown,
        },
      ]);
      expect(texts[0]!.text).not.toContain(alert.vin);
      expect(await rowOf(alert.id)).toEqual({ sent: true, skipped: null });
    }
    expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 0 });
    expect(sms.sent).toHaveLength(2);
  });

  it("writes in the alert's language, its links opening the app in it", async () => {
    const [alert] = await matchedAlerts(db(), leadId, 1, 'es');
    await deliverAlertTexts(deps);
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]!.text).toMatch(new RegExp(`${PUBLIC_URL}/accident/${alert!.reportId}\\?proof=[\\w.-]+&lang=es\n`));
    expect(sms.sent[0]!.text).toMatch(/^claimflow: su /i);
  });

  it("links the report without a VIN when the alert's VIN is not the report's (matched another way)", async () => {
    const [report] = await storeReports(db(), 1);
    const [other] = await storeReports(db(), 1);
    const [alert] = await insertAlerts(db(), leadId, [{ vin: other!.vin }]);
    await insertTexts(db(), [{ alertId: alert!.id, reportId: report!.id }]);
    await deliverAlertTexts(deps);
    expect(sms.sent.map((m) => m.text.split('\n')[0])).toEqual([`claimflow: your accident report is on file: ${PUBLIC_URL}/accident/${report!.id}`]);
  });

  it('texts a phone once about a report that two of its alerts matched', async () => {
    const [report] = await storeReports(db(), 1);
    const alerts = await insertAlerts(db(), leadId, [{ vin: report!.vin }]);
    alerts.push(...(await insertAlerts(db(), leadId, [{ vin: report!.vin, phone: alerts[0]!.phone }])));
    await insertTexts(
      db(),
      alerts.map((a) => ({ alertId: a.id, reportId: report!.id })),
    );
    expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 1, skipped: 1 });
    expect(sms.sent).toHaveLength(1);
    expect((await Promise.all(alerts.map((a) => rowOf(a.id)))).map((r) => r?.skipped).sort()).toEqual(['duplicate', null]);
  });

  it('texts a phone that stopped and subscribed again about a report its old alert was not texted', async () => {
    const [report] = await storeReports(db(), 1);
    const [old] = await insertAlerts(db(), leadId, [{ vin: report!.vin, id: `a-${report!.id}` }]);
    await insertTexts(db(), [{ alertId: old!.id, reportId: report!.id }]);
    await stopPhone(db(), old!.phone, 'sms');
    expect(await deliverAlertTexts(deps)).toMatchObject({ skipped: 1 });
    await resumePhone(db(), old!.phone);
    const [renewed] = await insertAlerts(db(), leadId, [{ vin: report!.vin, id: `b-${report!.id}`, phone: old!.phone }]);
    await insertTexts(db(), [{ alertId: renewed!.id, reportId: report!.id }]);
    expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 1 });
    expect(sms.sent.map((m) => m.to)).toEqual([old!.phone]);
  });

  it('sends nothing to a phone that stopped texts', async () => {
    const [alert] = await matchedAlerts(db(), leadId, 1);
    await stopPhone(db(), alert!.phone, 'sms');
    expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 0, skipped: 1 });
    expect(sms.sent).toEqual([]);
    expect(await rowOf(alert!.id)).toEqual({ sent: false, skipped: 'stopped' });
  });

  it('sends nothing to a phone outside ALERT_COUNTRIES: not abroad, and not to +1 numbers of the Caribbean', async () => {
    const [report] = await storeReports(db(), 1);
    const [uk, jamaica] = await insertAlerts(db(), leadId, [
      { vin: report!.vin, phone: '+447400123456' },
      { vin: report!.vin, phone: '+18765550123' },
    ]);
    await insertTexts(
      db(),
      [uk!, jamaica!].map((a) => ({ alertId: a.id, reportId: report!.id })),
    );
    const metrics = new Metrics(db());
    expect(await deliverAlertTexts({ ...deps, metrics })).toMatchObject({ sent: 0, skipped: 2 });
    expect((await metrics.alertTextsSkipped.get()).values.map(({ labels, value }) => [labels.reason, value])).toEqual([['country', 2]]);
    expect(await rowOf(uk!.id)).toEqual({ sent: false, skipped: 'country' });
    expect(await rowOf(jamaica!.id)).toEqual({ sent: false, skipped: 'country' });

    const [later] = await insertAlerts(db(), leadId, [{ vin: report!.vin, phone: '+447400123457' }]);
    await insertTexts(db(), [{ alertId: later!.id, reportId: report!.id }]);
    expect(await deliverAlertTexts({ ...deps, config: { publicUrl: PUBLIC_URL, alertCountries: ['US', 'GB'] } })).toMatchObject({ sent: 1 });
    expect(sms.sent.map((m) => m.to)).toEqual(['+447400123457']);
  });

  describe('a claim whose sender died', () => {
    /** The row as a sender leaves it when it dies after storing the text: its lease over, unsent. */
    const abandon = async (alertId: string, body: string | null) => {
      await db().query(`UPDATE alert_texts SET claim = 'dead', lease_until = now() - interval '1 second', attempts = 1, body = $2 WHERE alert_id = $1`, [
        alertId,
        body,
      ]);
    };

    it('is marked sent, not sent again, when the provider took its text', async () => {
      const [alert] = await matchedAlerts(db(), leadId, 1);
      await deliverAlertTexts(deps);
      // As if the sender had died after the provider took the text and before marking it.
      await abandon(alert!.id, sms.sent[0]!.text);
      await db().query('UPDATE alert_texts SET sent_at = NULL WHERE alert_id = $1', [alert!.id]);
      expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 1 });
      expect(sms.sent).toHaveLength(1);
      expect(await rowOf(alert!.id)).toEqual({ sent: true, skipped: null });
    });

    it('is sent once when its text never reached the provider, and not before the lease ends', async () => {
      const [alert] = await matchedAlerts(db(), leadId, 1);
      await db().query(`UPDATE alert_texts SET claim = 'alive', lease_until = now() + interval '30 seconds', attempts = 1 WHERE alert_id = $1`, [alert!.id]);
      expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 0 });
      expect(await textsDueInSeconds(db())).toBeGreaterThan(25);
      expect(await textsDueInSeconds(db())).toBeLessThanOrEqual(30);

      await abandon(alert!.id, 'the text it was about to send');
      expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 1 });
      expect(await textsDueInSeconds(db())).toBeUndefined();
      expect(sms.sent.map((m) => m.to)).toEqual([alert!.phone]);
    });
  });

  it('tries a text the provider refused again once its lease ends, and gives up after 5 attempts', async () => {
    const [alert] = await matchedAlerts(db(), leadId, 1);
    sms.failing = true;
    expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 0, failed: 1 });
    const { rows } = await db().query<{ error: string }>('SELECT error FROM alert_texts WHERE alert_id = $1', [alert!.id]);
    expect(rows[0]?.error).toBe('SMS service unavailable');
    for (let attempt = 2; attempt <= 5; attempt++) {
      await db().query(`UPDATE alert_texts SET lease_until = now() - interval '1 second' WHERE alert_id = $1`, [alert!.id]);
      expect(await deliverAlertTexts(deps)).toMatchObject({ failed: 1 });
    }
    await db().query(`UPDATE alert_texts SET lease_until = now() - interval '1 second' WHERE alert_id = $1`, [alert!.id]);
    expect(await deliverAlertTexts(deps)).toMatchObject({ skipped: 1 });
    expect(await textsDueInSeconds(db())).toBeUndefined();
    expect(await rowOf(alert!.id)).toEqual({ sent: false, skipped: 'failed' });
  });

  describe('expiry', () => {
    it('ends an expired alert no report matched with one last text, and a matched one with none', async () => {
      const [report] = await storeReports(db(), 1);
      const [unmatched, matched, open] = await insertAlerts(db(), leadId, [
        { vin: report!.vin, expiresIn: '-1 minute', locale: 'es' },
        { vin: report!.vin, expiresIn: '-1 minute' },
        { vin: report!.vin },
      ]);
      await insertTexts(db(), [{ alertId: matched!.id, reportId: report!.id }]);
      await deliverAlertTexts(deps);
      sms.sent.length = 0;

      expect(await expireAlerts(db())).toEqual({ ended: 2, unmatched: 1 });
      expect(await expireAlerts(db())).toEqual({ ended: 0, unmatched: 0 });
      const { rows } = await db().query<{ id: string }>('SELECT id FROM alerts WHERE id = ANY($1::text[]) AND ended_at IS NOT NULL', [
        [unmatched!.id, matched!.id, open!.id],
      ]);
      expect(rows.map((r) => r.id).sort()).toEqual([unmatched!.id, matched!.id].sort());

      expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 1 });
      expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 0 });
      const stop = `${PUBLIC_URL}${await unsubscribePath(db(), unmatched!.phone)}?lang=es`;
      expect(sms.sent).toEqual([{ to: unmatched!.phone, text: expect.stringContaining(`${PUBLIC_URL}/find-my-report?lang=es`) as string }]);
      expect(sms.sent[0]!.text).toContain(stop);
    });

    it('sends no last text to a phone that stopped', async () => {
      const [report] = await storeReports(db(), 1);
      const [alert] = await insertAlerts(db(), leadId, [{ vin: report!.vin, expiresIn: '-1 minute' }]);
      await expireAlerts(db());
      await stopPhone(db(), alert!.phone, 'link');
      expect(await deliverAlertTexts(deps)).toMatchObject({ sent: 0, skipped: 1 });
      expect(sms.sent).toEqual([]);
    });
  });
});
