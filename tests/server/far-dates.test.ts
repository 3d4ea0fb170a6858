// Dates outside 1900-01-01 to a year from today get a 400 naming the parameter, never a 500 from the database (year 0
// is no PostgreSQL date, year 10000 no ISO one) nor a search of no meaning: the report search's from and to, the
// funnel report's since and until, a lead's accident dates and its alert's day (not after today, as before), and a
// feed report's occurredAt (that report rejected alone, the batch stored).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertLeadBody } from '../testing/alerts.ts';
import { generalLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { postReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

/** The server's clock, fixed: "today" is the date in the latest time zone (UTC+14), as the server takes it. */
const NOW = Date.now();
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TODAY = new Date(NOW + 14 * 3_600_000);
/** The latest day a date parameter may name: today a year on. */
const LATEST_MS = Date.UTC(TODAY.getUTCFullYear() + 1, TODAY.getUTCMonth(), TODAY.getUTCDate());
const LATEST = isoDay(LATEST_MS);
const AFTER_LATEST = isoDay(LATEST_MS + DAY_MS);
const ANALYTICS_KEY = 'far-dates-analytics-key-0123456789abcdef';
const AUSTIN = { lat: 30.2672, lng: -97.7431 };

describe.each(testDbKinds)('dates far in the past or the future on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, clock: () => NOW, config: { reportIngestKeys: [TEST_INGEST_KEY], analyticsKeys: [ANALYTICS_KEY] } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const expect400 = (res: { statusCode: number; body: string; json: <T>() => T }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; field: string; message: string }>();
    expect(Object.keys(body).sort()).toEqual(['error', 'field', 'message']);
    expect(body).toMatchObject({ error: 'validation', field });
    expect(body.message).toContain(field);
  };

  describe('GET /api/reports/search', () => {
    const search = (query: Record<string, string>) => s.app.inject({ url: `/api/reports/search?${new URLSearchParams(query).toString()}` });

    it.each([
      [{ vin: '1HGCM82633A004352', from: '0000-01-01' }, 'from'],
      [{ vin: '1HGCM82633A004352', to: '9999-12-31' }, 'to'],
      [{ caseId: 'APD-1', state: 'TX', from: '0000-01-01', to: '0001-01-01' }, 'from'],
      [{ lat: '30.2', lng: '-97.7', from: '1899-12-31' }, 'from'],
      [{ lat: '30.2', lng: '-97.7', to: '9999-12-31' }, 'to'],
      [{ city: 'Austin', state: 'TX', to: AFTER_LATEST }, 'to'],
      [{ city: 'Austin', state: 'TX', from: AFTER_LATEST, to: AFTER_LATEST }, 'from'],
    ])('refuses %j with a 400 naming %s, and its bounds', async (query, field) => {
      const res = await search(query);
      expect400(res, field);
      expect(res.json<{ message: string }>().message).toContain(`1900-01-01 to ${LATEST}`);
    });

    it('takes 1900-01-01 and today a year on', async () => {
      const queries: Record<string, string>[] = [
        { city: 'Austin', state: 'TX', from: '1900-01-01' },
        { city: 'Austin', state: 'TX', from: '1900-01-01', to: LATEST },
        { lat: '30.2', lng: '-97.7', from: LATEST, to: LATEST },
      ];
      for (const query of queries) {
        const res = await search(query);
        expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(200);
      }
    });
  });

  describe('GET /api/analytics/funnel', () => {
    const report = (query: Record<string, string>) =>
      s.app.inject({
        url: `/api/analytics/funnel?${new URLSearchParams({ flow: 'calculator', ...query }).toString()}`,
        headers: { authorization: `Bearer ${ANALYTICS_KEY}` },
      });

    it.each([
      [{ since: '0000-01-01' }, 'since'],
      [{ since: '1899-12-31' }, 'since'],
      [{ until: '9999-12-31' }, 'until'],
      [{ until: AFTER_LATEST }, 'until'],
      [{ since: '0001-01-01', until: '0002-01-01' }, 'since'],
    ])('refuses %j with a 400 naming %s', async (query, field) => {
      expect400(await report(query), field);
    });

    it('takes 1900-01-01 to today a year on', async () => {
      const res = await report({ since: '1900-01-01', until: LATEST });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('POST /api/leads/create', () => {
    const create = async (body: (phone: string) => Record<string, unknown>) => {
      const phone = uniquePhone();
      const cookie = await verifyPhone(s, phone.national);
      return send(s.app, 'POST', '/api/leads/create', { payload: body(phone.typed), cookie });
    };

    it.each([
      ['date', { date: '0000-01-01' }],
      ['date', { date: '1899-12-31' }],
      ['formData.date', { extraDetails: undefined, formData: { date: '0001-01-01' } }],
      ['extraDetails.accidentDetails.date', { extraDetails: { accidentDetails: { date: '1899-12-31' } } }],
    ])('refuses a %s before 1900 with a 400 naming it', async (field, overrides) => {
      expect400(await create((phone) => generalLeadBody(phone, overrides)), field);
    });

    it("refuses an alert's date of year 0 with a 400 naming it (not a 500 from the database)", async () => {
      const alert = { source: 'notify-me', location: AUSTIN, date: '0000-01-01', make: 'FORD', year: 2019 };
      expect400(await create((phone) => alertLeadBody(phone, alert)), 'alert.date');
    });

    it('takes an accident of 1900-01-01', async () => {
      const res = await create((phone) => generalLeadBody(phone, { date: '1900-01-01' }));
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('POST /api/reports', () => {
    it('rejects a report of before 1900 alone, naming /occurredAt, and stores the others', async () => {
      const batch = [
        sampleReport({ occurredAt: '0000-01-01T00:00:00Z' }),
        sampleReport({ occurredAt: '1899-12-31T23:59:59-06:00' }),
        sampleReport({ occurredAt: '1900-01-01T00:00:00-06:00' }),
        sampleReport(),
      ];
      const res = await postReports(s.app, batch);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ accepted: number; rejected: { index: number; errors: { field: string; message: string }[] }[] }>();
      expect(body.accepted).toBe(2);
      expect(body.rejected.map((r) => [r.index, r.errors.map((e) => e.field)])).toEqual([
        [0, ['/occurredAt']],
        [1, ['/occurredAt']],
      ]);
      expect(body.rejected[0]?.errors[0]?.message).toContain('1900-01-01');
    });
  });
});
