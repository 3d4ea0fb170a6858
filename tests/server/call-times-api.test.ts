// Call times through the lead API, on a real database and a fake clock: a lead's lead types and its preferred call
// time are stored and answered as windows in the person's zone (the lead's ZIP or state, else the browser's
// Time-Zone header, else Pacific), and the business user's token a lead comes with gets a column of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import leadsCreateResponseSchema from '../../schemas/api/leads-create.response.schema.json' with { type: 'json' };
import updateTimeResponseSchema from '../../schemas/api/leads-update-time.response.schema.json' with { type: 'json' };
import { visitorZone } from '../../server/call-times/visitor-zone.ts';
import { getLead } from '../../server/store/leads.ts';
import { fakeClock, type FakeClock } from '../testing/fake-clock.ts';
import { calcLeadBody, campLejeuneBody, generalLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { openTestDb, STARTUP_MS, appDbKinds, type TestDb } from '../testing/test-db.ts';
import { makeCodesApp, TEST_CODE_LIMITS, type TestServer } from '../testing/test-servers.ts';

interface Window {
  from: string;
  to: string;
  timeZone: string;
}
interface Created {
  resultIds: number[];
  lead: { id: number; callWindow: Window | null; leadTypeWindows: Record<string, Window> } & Record<string, unknown>;
}

const at = (local: string) => Date.parse(local);
const window = (from: string, to: string, timeZone: string): Window => ({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), timeZone });
/** Saturday, November 28, 2026, 11am in Chicago. */
const SATURDAY = at('2026-11-28T11:00-06:00');

describe.each(appDbKinds)('call times and business tokens through the lead API on %s', (kind) => {
  let testDb: TestDb;
  let s: TestServer;
  let clock: FakeClock;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
    clock = fakeClock(SATURDAY);
    const { app, sms } = await makeCodesApp(testDb.db, clock, { limits: TEST_CODE_LIMITS });
    s = { app, sms, db: testDb.db } as TestServer;
    // The ZIP data (zipcodes, geo-tz) loads on the first ZIP, once per process: here rather than inside a test.
    await visitorZone({ zip: '78701' }, SATURDAY);
  }, STARTUP_MS);
  afterAll(async () => {
    await s.app.close();
    await testDb.close();
  });

  /** A visitor who verified a fresh phone now (by the clock). */
  const visitor = async () => {
    const phone = uniquePhone();
    return { phone, cookie: await verifyPhone(s, phone.national) };
  };
  const create = async (url: string, body: (typed: string) => Record<string, unknown>, zone?: string) => {
    const { phone, cookie } = await visitor();
    const res = await send(s.app, 'POST', url, { payload: body(phone.typed), cookie, headers: zone ? { 'time-zone': zone } : {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(schemaErrors(leadsCreateResponseSchema, res.json())).toEqual([]);
    return { cookie, created: res.json<Created>() };
  };
  const setTime = (ids: number[], preferredCallTime: string, cookie: string, zone?: string, key?: string) =>
    send(s.app, 'PUT', '/api/leads/update/time', { payload: { ids, preferredCallTime }, cookie, key, headers: zone ? { 'time-zone': zone } : {} });

  it("answers and stores the lead types' AM and PM as Monday's windows when asked on a Saturday, in the browser's zone", async () => {
    clock.set(SATURDAY);
    const { created } = await create(
      '/api/leads/create/calc',
      (p) => calcLeadBody(p, { leadTypes: { __CALawyer: 'AM', Chiropractor: 'PM' } }),
      'America/Chicago',
    );
    expect(created.lead.leadTypeWindows).toEqual({
      __CALawyer: window('2026-11-30T09:00-06:00', '2026-11-30T12:00-06:00', 'America/Chicago'),
      Chiropractor: window('2026-11-30T12:00-06:00', '2026-11-30T17:00-06:00', 'America/Chicago'),
    });
    expect(created.lead.callWindow).toBeNull();
    const { rows } = await s.db.query<{ service: string; preference: string; from: Date; to: Date }>(
      'SELECT service, preference, call_from AS from, call_to AS to FROM lead_type_calls WHERE lead_id = $1 ORDER BY service',
      [created.lead.id],
    );
    expect(rows.map((r) => ({ ...r, from: r.from.toISOString(), to: r.to.toISOString() }))).toEqual([
      { service: 'Chiropractor', preference: 'PM', from: '2026-11-30T18:00:00.000Z', to: '2026-11-30T23:00:00.000Z' },
      { service: '__CALawyer', preference: 'AM', from: '2026-11-30T15:00:00.000Z', to: '2026-11-30T18:00:00.000Z' },
    ]);
    expect(await getLead(s.db, created.lead.id)).toEqual(created.lead);
  });

  it('answers Call ASAP asked on a Saturday with Monday 9 to 10am, stores it, and replays the same window for the key', async () => {
    clock.set(SATURDAY);
    const { cookie, created } = await create('/api/leads/create/calc', (p) => calcLeadBody(p), 'America/Chicago');
    const res = await setTime(created.resultIds, 'Call ASAP', cookie, 'America/Chicago', 'time-key-1');
    expect(res.statusCode, res.body).toBe(200);
    const monday = window('2026-11-30T09:00-06:00', '2026-11-30T10:00-06:00', 'America/Chicago');
    expect(res.json()).toEqual({ success: true, window: monday });
    expect(schemaErrors(updateTimeResponseSchema, res.json())).toEqual([]);
    const lead = await getLead(s.db, created.lead.id);
    expect(lead).toMatchObject({ preferredCallTime: 'Call ASAP', callWindow: monday });
    const { rows } = await s.db.query<{ call_from: Date; call_to: Date; time_zone: string }>('SELECT call_from, call_to, time_zone FROM leads WHERE id = $1', [
      created.lead.id,
    ]);
    expect(rows[0]).toEqual({ call_from: new Date(monday.from), call_to: new Date(monday.to), time_zone: 'America/Chicago' });
    // A retry with the key while the verification lasts (24 hours) gets the first answer again; on Monday afternoon it
    // is as stale for a retry as for anything else.
    clock.set(at('2026-11-29T10:00-06:00'));
    const again = await setTime(created.resultIds, 'Call ASAP', cookie, 'America/Chicago', 'time-key-1');
    expect(again.body).toBe(res.body);
    clock.set(at('2026-11-30T14:00-06:00'));
    const stale = await setTime(created.resultIds, 'Call ASAP', cookie, 'America/Chicago', 'time-key-1');
    expect(stale.json()).toEqual({ error: 'phone_not_verified' });
  });

  it('moves 3pm - 4pm asked at 4:30pm the day before Thanksgiving to the Friday after, for every lead of the submission', async () => {
    clock.set(at('2026-11-25T16:30-05:00'));
    const { cookie, created } = await create('/api/leads/create/calc', (p) => calcLeadBody(p), 'America/New_York');
    const res = await setTime(created.resultIds, '3pm - 4pm', cookie, 'America/New_York');
    expect(res.json()).toEqual({ success: true, window: window('2026-11-27T15:00-05:00', '2026-11-27T16:00-05:00', 'America/New_York') });
  });

  it("calls in the zone of the lead's ZIP, else its state's, before the browser's", async () => {
    clock.set(at('2026-11-24T10:00-06:00'));
    const byZip = await create('/api/leads/create', (p) => generalLeadBody(p, { zip: '78701', state: 'TX' }), 'America/New_York');
    expect(byZip.created.lead.leadTypeWindows.__CALawyer?.timeZone).toBe('America/Chicago');
    const res = await setTime(byZip.created.resultIds, 'Call me after 5 pm', byZip.cookie, 'America/New_York');
    expect(res.json()).toEqual({ success: true, window: window('2026-11-24T17:00-06:00', '2026-11-24T20:00-06:00', 'America/Chicago') });

    // El Paso is in Texas on Mountain time: the browser's zone is taken when the state has it; Florida's is Eastern.
    const texasMountain = await create('/api/leads/create', (p) => generalLeadBody(p, { zip: null, state: 'TX' }), 'America/Denver');
    expect(texasMountain.created.lead.leadTypeWindows.__CALawyer?.timeZone).toBe('America/Denver');
    const florida = await create('/api/leads/create', (p) => generalLeadBody(p, { zip: null, state: 'FL', extraDetails: undefined }), 'America/Los_Angeles');
    expect(florida.created.lead.leadTypeWindows.__CALawyer?.timeZone).toBe('America/New_York');
    // The locating fields' ZIP counts when the body has none of its own: 96910 is Guam.
    const guam = await create('/api/leads/create', (p) =>
      generalLeadBody(p, { zip: undefined, state: undefined, formData: { zip: '96910' }, extraDetails: undefined }),
    );
    expect(guam.created.lead.leadTypeWindows.__CALawyer?.timeZone).toBe('Pacific/Guam');
  });

  it("takes the browser's zone by the name browsers give it", async () => {
    clock.set(at('2026-11-24T10:00-05:00'));
    const { cookie, created } = await create('/api/leads/create/calc', (p) => calcLeadBody(p), 'America/Indiana/Indianapolis');
    const res = await setTime(created.resultIds, '1pm - 2pm', cookie);
    expect(res.json()).toEqual({ success: true, window: window('2026-11-24T13:00-05:00', '2026-11-24T14:00-05:00', 'America/Indianapolis') });
  });

  it('falls back to Pacific time without a place or a US zone: none, unknown, or a browser in UTC or abroad', async () => {
    clock.set(at('2026-11-24T10:00-08:00'));
    for (const zone of [undefined, 'Not/AZone', 'x'.repeat(80), 'UTC', 'Europe/Madrid']) {
      const { cookie, created } = await create('/api/leads/create/calc', (p) => calcLeadBody(p), zone);
      const res = await setTime(created.resultIds, '1pm - 2pm', cookie, zone);
      expect(res.json(), String(zone)).toEqual({ success: true, window: window('2026-11-24T13:00-08:00', '2026-11-24T14:00-08:00', 'America/Los_Angeles') });
    }
  });

  it("keeps the business user's token in its own column, answers it to no one, and a lead without one has none", async () => {
    clock.set(SATURDAY);
    const general = await create('/api/leads/create', (p) => generalLeadBody(p, { businessUserToken: 'biz-42' }));
    const calc = await create('/api/leads/create/calc', (p) => calcLeadBody(p, { businessUserToken: 'biz-43' }));
    const none = await create('/api/leads/create/calc', (p) => calcLeadBody(p, { businessUserToken: null }));
    const camp = await create('/api/leads/create-camp-lejeune', (p) => campLejeuneBody(p, { businessUserToken: 'biz-44' }));
    const campNone = await create('/api/leads/create-camp-lejeune', (p) => campLejeuneBody(p));
    const ids = [general, calc, none, camp, campNone].map((c) => c.created.lead.id);
    const { rows } = await s.db.query<{ id: number | string; business_user_token: string | null }>(
      'SELECT id, business_user_token FROM leads WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(rows.map((r) => r.business_user_token)).toEqual(['biz-42', 'biz-43', null, 'biz-44', null]);
    for (const c of [general, calc, camp]) expect(c.created.lead).not.toHaveProperty('businessUserToken');
    const { rows: mine } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM leads WHERE business_user_token = 'biz-42'");
    expect(mine[0]?.n).toBe(1);
  });
});
