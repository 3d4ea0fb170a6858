// A report alert created with its lead (POST /api/leads/create with alert): stored with the lead and its consent record
// or not at all, once per Idempotency-Key, refused with a 400 naming the field, and answered with the reports already
// on file (each texted at once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import leadsCreateResponseSchema from '../../schemas/api/leads-create.response.schema.json' with { type: 'json' };
import { ALERT_TEST_MS, alertLeadBody, alertSubscriber, textPairs } from '../testing/alerts.ts';
import { testConsent } from '../testing/lead-bodies.ts';
import { localIso, postReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { DAY_MS } from '../testing/fake-clock.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, tableCounts, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';
import { prove } from '../testing/report-proof.ts';

/** An on-file link with a proof (what /accident/{id}?proof= carries), as the answer lists it. */
const proofPathOf = (id: string): unknown => expect.stringMatching(new RegExp(`^/accident/${id}\\?proof=[\\w.-]+$`));

const VIN = '1HGCM82633A004352';
const AUSTIN = { lat: 30.2672, lng: -97.7431 };

describe.each(testDbKinds)('alerts created with their leads on %s', { timeout: ALERT_TEST_MS }, (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Codes go to Serbian mobiles too (spec §5, SMS_COUNTRIES), alert texts not (ALERT_COUNTRIES).
    s = await makeTestServer({ db: kind, config: { reportIngestKeys: [TEST_INGEST_KEY], alertDays: 30, smsCountries: ['US', 'RS'], alertCountries: ['US'] } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const alertRow = async (id: string) => (await s.db.query<Record<string, unknown>>('SELECT * FROM alerts WHERE id = $1', [id])).rows[0];
  /** Stores a report through POST /api/reports; answers its id. */
  const fileReport = async (overrides: Record<string, unknown>) => {
    const report = sampleReport(overrides);
    expect((await postReports(s.app, [report])).json()).toMatchObject({ accepted: 1 });
    const { rows } = await s.db.query<{ id: string }>('SELECT id FROM reports WHERE crash_id = $1', [report.crashId]);
    return rows[0]?.id ?? '';
  };

  it('stores the alert with the lead: its phone, the consent language, ALERT_DAYS days', async () => {
    const visitor = await alertSubscriber(s);
    const before = Date.now();
    const res = await visitor.post(
      { source: 'notify-me', vin: VIN.toLowerCase() },
      { overrides: { consent: testConsent({ locale: 'es', flowId: 'notify-me', pageUrl: 'https://claims.example.com/notify-me?lang=es' }) } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json<{ resultIds: number[]; lead: Record<string, unknown>; alert: { id: string; expiresAt: string; onFile: unknown[] } }>();
    expect(schemaErrors(leadsCreateResponseSchema, json)).toEqual([]);
    expect(json.lead).not.toHaveProperty('alert');
    expect(json.alert.onFile).toEqual([]);
    const expires = Date.parse(json.alert.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    const row = await alertRow(json.alert.id);
    // pg returns bigint as a string, PGlite as a number.
    expect(Number(row?.lead_id)).toBe(json.resultIds[0]);
    expect(row).toMatchObject({
      phone: visitor.phone.e164,
      locale: 'es',
      source: 'notify-me',
      vin: VIN,
      case_key: null,
      geo_cell: null,
      radius_mi: 10,
      ended_at: null,
      expires_at: new Date(expires),
    });
  });

  it('keeps only the complete ways of recognising the report, normalised', async () => {
    const visitor = await alertSubscriber(s);
    const alert = await visitor.subscribe({
      source: 'find-my-report',
      caseId: 'apd 24-0099',
      state: 'tx',
      location: AUSTIN,
      radius: 5,
      date: '2026-11-20',
      make: ' Honda ',
      year: 2019,
    });
    expect(await alertRow(alert.id)).toMatchObject({
      vin: null,
      case_key: 'APD240099',
      state: 'TX',
      lat: AUSTIN.lat,
      lng: AUSTIN.lng,
      radius_mi: 5,
      on_date: new Date('2026-11-20T00:00:00Z'),
      make: 'HONDA',
      year: 2019,
    });
    // A VIN with half a case: the case is left out.
    const vinOnly = await visitor.subscribe({ source: 'alert', vin: VIN, caseId: '24-1' });
    expect(await alertRow(vinOnly.id)).toMatchObject({ vin: VIN, case_key: null, state: null });
  });

  it.each([
    ['alert.vin', { vin: 'ABC' }],
    ['alert.vin', { vin: '1HGCM82633A00435O' }],
    ['alert.vin', {}],
    ['alert.source', { source: 'email', vin: VIN }],
    ['alert.state', { caseId: '24-1' }],
    ['alert.caseId', { state: 'TX' }],
    ['alert.state', { caseId: '24-1', state: 'ZZ' }],
    ['alert.caseId', { caseId: ' - ', state: 'TX' }],
    ['alert.date', { location: AUSTIN, make: 'FORD', year: 2019 }],
    ['alert.location', { date: '2026-11-20', make: 'FORD', year: 2019 }],
    ['alert.year', { location: AUSTIN, date: '2026-11-20', make: 'FORD' }],
    ['alert.make', { location: AUSTIN, date: '2026-11-20', make: '  ', year: 2019 }],
    ['alert.radius', { location: AUSTIN, radius: 25, date: '2026-11-20', make: 'FORD', year: 2019 }],
    ['alert.location.lat', { location: { lat: 91, lng: 0 }, date: '2026-11-20', make: 'FORD', year: 2019 }],
    ['alert.date', { location: AUSTIN, date: '2026-02-30', make: 'FORD', year: 2019 }],
    ['alert.date', { location: AUSTIN, date: '2999-01-01', make: 'FORD', year: 2019 }],
    ['alert.year', { location: AUSTIN, date: '2026-11-20', make: 'FORD', year: 2999 }],
    ['alert.phone', { vin: VIN, phone: '+12025550123' }],
  ])('refuses %s with a 400 naming it, storing nothing (%j)', async (field, alert) => {
    const visitor = await alertSubscriber(s);
    const before = await tableCounts(s.db);
    const res = await visitor.post({ source: 'notify-me', ...alert });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(res.json<{ message: string }>().message).toContain(field);
    expect(await tableCounts(s.db)).toEqual(before);
  });

  it('refuses an alert of a visitor who has not verified the phone, storing nothing', async () => {
    const visitor = await alertSubscriber(s);
    const stranger = await alertSubscriber(s);
    const before = await tableCounts(s.db);
    const res = await send(s.app, 'POST', '/api/leads/create', {
      payload: alertLeadBody(visitor.phone.typed, { source: 'notify-me', vin: VIN }),
      cookie: stranger.cookie,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'phone_not_verified' });
    expect(await tableCounts(s.db)).toEqual(before);
  });

  it('refuses an alert to a phone of a country alerts are not texted to (ALERT_COUNTRIES), storing nothing', async () => {
    // A Serbian mobile: codes go there (SMS_COUNTRIES includes RS here), alert texts do not.
    const cookie = await verifyPhone(s, '601234567', '+381');
    const before = await tableCounts(s.db);
    const res = await send(s.app, 'POST', '/api/leads/create', { payload: alertLeadBody('+381601234567', { source: 'notify-me', vin: VIN }), cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'phone', message: 'report alerts are texted to phones of US only' });
    expect(await tableCounts(s.db)).toEqual(before);
  });

  it('replays a retry with its Idempotency-Key byte for byte, with no second lead or alert', async () => {
    const visitor = await alertSubscriber(s);
    const reportId = await fileReport({ units: [{ unit: 1, vin: '2HGFC2F59KH512345', make: 'HONDA', year: 2019 }] });
    const alert = { source: 'notify-me', vin: '2HGFC2F59KH512345' };
    const first = await visitor.post(alert, { key: 'alert-retry-1' });
    expect(first.statusCode, first.body).toBe(200);
    const before = await tableCounts(s.db);
    const again = await visitor.post(alert, { key: 'alert-retry-1' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await tableCounts(s.db)).toEqual(before);
    expect(first.json<{ alert: { onFile: unknown[] } }>().alert.onFile).toEqual([{ id: reportId, path: proofPathOf(reportId) }]);
  });

  it('stores no lead and no consent record when the alert cannot be stored', async () => {
    const visitor = await alertSubscriber(s);
    await s.db.query(`CREATE FUNCTION refuse_alert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no alerts today'; END $$`);
    await s.db.query('CREATE TRIGGER refuse_alert BEFORE INSERT ON alerts FOR EACH ROW EXECUTE FUNCTION refuse_alert()');
    try {
      const before = await tableCounts(s.db);
      const res = await visitor.post({ source: 'notify-me', vin: VIN });
      expect(res.statusCode).toBe(500);
      expect(await tableCounts(s.db)).toEqual(before);
    } finally {
      await s.db.query('DROP TRIGGER refuse_alert ON alerts');
      await s.db.query('DROP FUNCTION refuse_alert()');
    }
    // The same request then goes through whole.
    expect((await visitor.post({ source: 'notify-me', vin: VIN })).statusCode).toBe(200);
  });

  it('answers the reports already on file, each with its link, and texts them at once', async () => {
    const day = localIso(Date.now() - 2 * DAY_MS, -360);
    const byVin = await fileReport({ caseId: 'OF-1', units: [{ unit: 1, vin: '3FA6P0H72HR123456', make: 'FORD', year: 2017 }] });
    const byCase = await fileReport({ caseId: 'of 2', state: 'TX', units: [{ unit: 1, make: 'KIA', year: 2012 }] });
    const byPin = await fileReport({
      caseId: 'OF-3',
      occurredAt: day,
      location: { lat: AUSTIN.lat + 0.05, lng: AUSTIN.lng },
      units: [{ unit: 1, vin: '5YJ3E1EA7KF123456', make: 'TESLA', year: 2019 }],
    });
    const visitor = await alertSubscriber(s);
    const vinAlert = await visitor.subscribe({ source: 'notify-me', vin: '3fa6p0h72hr123456' });
    // Links with a proof standing for the alert's VIN or case ID, never the VIN itself: opened, they ask only a last name.
    expect(vinAlert.onFile).toEqual([{ id: byVin, path: proofPathOf(byVin) }]);
    const caseAlert = await visitor.subscribe({ source: 'alert', caseId: 'OF-2', state: 'TX' });
    expect(caseAlert.onFile).toEqual([{ id: byCase, path: proofPathOf(byCase) }]);
    for (const [{ id, path }, answer] of [
      [vinAlert.onFile[0]!, { proved: false, vehicle: 1 }],
      [caseAlert.onFile[0]!, { proved: false }],
    ] as const) {
      const token = new URLSearchParams(path.split('?')[1]).get('proof') ?? '';
      expect((await prove(s.app, id, { token })).json()).toEqual(answer);
      expect((await prove(s.app, byPin, { token })).json()).toEqual({ error: 'not_involved', field: 'token' });
    }
    const pinAlert = await visitor.subscribe({ source: 'find-my-report', location: AUSTIN, radius: 5, date: day.slice(0, 10), make: 'tesla', year: 2021 });
    expect(pinAlert.onFile).toEqual([{ id: byPin, path: `/accident/${byPin}` }]);
    const tooFar = await visitor.subscribe({
      source: 'find-my-report',
      location: { lat: AUSTIN.lat - 0.05, lng: AUSTIN.lng },
      radius: 5,
      date: day.slice(0, 10),
      make: 'TESLA',
      year: 2019,
    });
    expect(tooFar.onFile).toEqual([]);
    const pairs = await textPairs(s.db);
    for (const [alert, report] of [
      [vinAlert, byVin],
      [caseAlert, byCase],
      [pinAlert, byPin],
    ] as const)
      expect(pairs).toContain(`${alert.id} ${report}`);
    expect(pairs.filter((p) => p.startsWith(`${tooFar.id} `))).toEqual([]);
  });

  it('gives a report with the VIN and the case one link', async () => {
    const both = await fileReport({ caseId: 'OF-4', state: 'TX', units: [{ unit: 1, vin: '1FTFW1ET5DFC12345', make: 'FORD', year: 2013 }] });
    const visitor = await alertSubscriber(s);
    const alert = await visitor.subscribe({ source: 'notify-me', vin: '1FTFW1ET5DFC12345', caseId: 'OF4', state: 'TX' });
    expect(alert.onFile).toEqual([{ id: both, path: proofPathOf(both) }]);
  });
});
