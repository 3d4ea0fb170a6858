// The lead routes of spec §7 beyond the calculator's: general and mass-tort leads, the visitor's own account of the
// accident, and the ZIP of a place; each refuses bad fields by name, writes nothing then, and wants the verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipResponseSchema from '../../schemas/api/accident-zip.response.schema.json' with { type: 'json' };
import leadsCreateResponseSchema from '../../schemas/api/leads-create.response.schema.json' with { type: 'json' };
import leadsUpdateResponseSchema from '../../schemas/api/leads-update.response.schema.json' with { type: 'json' };
import { getLead } from '../../server/store/leads.ts';
import { calcLeadBody, campLejeuneBody, generalLeadBody, testConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { leadsWithoutTheirConsent, STARTUP_MS, tableCounts, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

interface CreateResponse {
  resultIds: number[];
  lead: Record<string, unknown> & { id: number };
}

/** YYYY-MM-DD of a day that is in the future everywhere on earth. */
const FUTURE = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describe.each(appDbKinds)('lead routes on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(async () => {
    expect(await leadsWithoutTheirConsent(s.db)).toBe(0);
    await s.close();
  });

  /** A visitor who verified a fresh phone. */
  const visitor = async () => {
    const phone = uniquePhone();
    return { phone, cookie: await verifyPhone(s, phone.national) };
  };

  /** Sends the request and expects a 400 naming field, with no row written anywhere. */
  const expectRefused = async (field: string, request: () => ReturnType<typeof send>) => {
    const before = await tableCounts(s.db);
    const res = await request();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(res.json<{ message: string }>().message).toContain(field);
    expect(await tableCounts(s.db)).toEqual(before);
  };

  describe('POST /api/leads/create', () => {
    it('stores a workers-compensation lead with its locating fields, page referrers and business token', async () => {
      const { phone, cookie } = await visitor();
      const body = generalLeadBody(phone.typed, { businessUserToken: 'biz-42' });
      const res = await send(s.app, 'POST', '/api/leads/create', {
        payload: body,
        cookie,
        headers: { 'page-referrers': 'https://www.google.com/,https://claims.example.com/' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const json = res.json<CreateResponse>();
      expect(schemaErrors(leadsCreateResponseSchema, json)).toEqual([]);
      expect(json.resultIds).toEqual([json.lead.id]);
      expect(json.lead).toMatchObject({
        funnel: 'workers-comp',
        phone: phone.e164,
        damage: 'Broken Bones',
        source: 'WorkComp',
        lead_type: 'WorkComp',
        date: '2024-05-01',
        extraDetails: { accidentDetails: { vin: '1HGCM82633A004352', justCity: 'Austin', date: '2024-05-01' } },
        accidentReason: null,
      });
      expect(json.lead).not.toHaveProperty('businessUserToken');
      expect(json.lead).not.toHaveProperty('consent');

      const { rows } = await s.db.query<Record<string, unknown>>('SELECT * FROM leads WHERE id = $1', [json.lead.id]);
      expect(rows[0]).toMatchObject({ page_referrers: 'https://www.google.com/,https://claims.example.com/', body });
      expect((rows[0]?.body as Record<string, unknown>).businessUserToken).toBe('biz-42');
      expect(await getLead(s.db, json.lead.id)).toEqual(json.lead);
    });

    it('accepts formData in place of extraDetails, and a minimal body', async () => {
      const { phone, cookie } = await visitor();
      const formData = { caseID: 'TX-2024-0001', date: '2024-04-30', location: { lat: 30.27, lng: -97.74 }, vehicleMake: 'FORD', vehicleYear: 2019 };
      const full = await send(s.app, 'POST', '/api/leads/create', { payload: generalLeadBody(phone.typed, { extraDetails: undefined, formData }), cookie });
      expect(full.statusCode, full.body).toBe(200);
      expect(full.json<CreateResponse>().lead.formData).toEqual(formData);
      const minimal = {
        firstName: 'Jo',
        lastName: 'Li',
        phone: phone.typed,
        email: 'jo@example.com',
        legal_consult: false,
        language: 'es',
        consent: testConsent({ locale: 'es', flowId: 'attorney' }),
      };
      const res = await send(s.app, 'POST', '/api/leads/create', { payload: minimal, cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CreateResponse>().lead).toMatchObject({ legal_consult: false, language: 'es' });
    });

    it.each([
      ['damage', { damage: 'Sprain' }],
      ['date', { date: '2024-02-30' }],
      ['date', { date: '05/01/2024' }],
      ['date', { date: FUTURE }],
      ['extraDetails.accidentDetails.vin', { extraDetails: { accidentDetails: { vin: '1HGCM82633A00435' } } }],
      ['extraDetails.accidentDetails.date', { extraDetails: { accidentDetails: { date: FUTURE } } }],
      ['extraDetails.accidentDetails.injuries', { extraDetails: { accidentDetails: { injuries: 3 } } }],
      ['extraDetails.accidentDetails.status', { extraDetails: { accidentDetails: { status: 'x' } } }],
      ['formData.vehicleYear', { formData: { vehicleYear: new Date().getUTCFullYear() + 2 } }],
      ['formData.location.lat', { formData: { location: { lat: 91, lng: 0 } } }],
      ['state', { state: 'Texas' }],
      ['zip', { zip: '7870' }],
      ['source', { source: 'Work Comp!' }],
      ['lead_type', { lead_type: 7 }],
      ['language', { language: 'fr' }],
      ['email', { email: 'john@example' }],
      ['phone', { phone: '555 555 5555' }],
      ['consent', { consent: undefined }],
      ['consent.key', { consent: testConsent({ key: 'common:nav.next', flowId: 'workers-comp' }) }],
      ['consent.key', { consent: testConsent({ key: 'common:consent.notice.primary.maybe', flowId: 'workers-comp' }) }],
      ['consent.key', { consent: testConsent({ key: 'nope:consent.notice.primary.yes', flowId: 'workers-comp' }) }],
      ['consent.key', { consent: testConsent({ key: 'common:consent.notice.primary', flowId: 'workers-comp' }) }],
      // A notice of another funnel, never shown beside this one's button.
      ['consent.key', { consent: testConsent({ key: 'common:consent.notice.request.none', flowId: 'workers-comp' }) }],
      ['consent.locale', { consent: testConsent({ locale: 'fr' }) }],
      ['consent.flowVersion', { consent: testConsent({ flowVersion: 1.5 }) }],
      ['consent.pageUrl', { consent: testConsent({ pageUrl: 'javascript:alert(1)' }) }],
      ['consent.extra', { consent: testConsent({ extra: 1 }) }],
      ['status', { status: 'sold' }],
      // What PostgreSQL text cannot hold is refused by name, not left to fail in the database.
      ['firstName', { firstName: 'Jo\u0000hn' }],
      ['lastName', { lastName: 'R\ud800e' }],
      ['extraDetails.accidentDetails.city', { extraDetails: { accidentDetails: { city: '\udc00Austin' } } }],
    ])('refuses a bad %s with 400 naming it, storing nothing', async (field, overrides) => {
      const { phone, cookie } = await visitor();
      await expectRefused(field, () => send(s.app, 'POST', '/api/leads/create', { payload: generalLeadBody(phone.typed, overrides), cookie }));
    });

    it('refuses a page-referrers header over 4096 characters by name', async () => {
      const { phone, cookie } = await visitor();
      await expectRefused('page-referrers', () =>
        send(s.app, 'POST', '/api/leads/create', { payload: generalLeadBody(phone.typed), cookie, headers: { 'page-referrers': 'x'.repeat(4097) } }),
      );
    });

    it('refuses a lead without the verification of its phone: 403, nothing stored', async () => {
      const { phone } = await visitor();
      const other = await visitor();
      for (const cookie of [undefined, other.cookie]) {
        const before = await tableCounts(s.db);
        const res = await send(s.app, 'POST', '/api/leads/create', { payload: generalLeadBody(phone.typed), cookie });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'phone_not_verified' });
        expect(await tableCounts(s.db)).toEqual(before);
      }
    });
  });

  describe('POST /api/leads/create-camp-lejeune', () => {
    it('stores the three answers, the language of the consent, and its consent record', async () => {
      const { phone, cookie } = await visitor();
      const body = campLejeuneBody(phone.typed, { consent: testConsent({ locale: 'es', flowId: 'camp-lejeune' }) });
      const res = await send(s.app, 'POST', '/api/leads/create-camp-lejeune', { payload: body, cookie });
      expect(res.statusCode, res.body).toBe(200);
      const json = res.json<CreateResponse>();
      expect(schemaErrors(leadsCreateResponseSchema, json)).toEqual([]);
      expect(json.lead).toMatchObject({ funnel: 'camp-lejeune', q1: true, q2: false, q3: true, language: 'es', phone: phone.e164 });
    });

    it.each([
      ['q2', { q2: undefined }],
      ['q1', { q1: 'yes' }],
      ['language', { language: 'en' }],
      ['businessUserToken', { businessUserToken: 7 }],
      ['consent', { consent: undefined }],
      ['firstName', { firstName: '   ' }],
    ])('refuses a bad %s with 400 naming it', async (field, overrides) => {
      const { phone, cookie } = await visitor();
      await expectRefused(field, () => send(s.app, 'POST', '/api/leads/create-camp-lejeune', { payload: campLejeuneBody(phone.typed, overrides), cookie }));
    });

    it('refuses it without the verification: 403', async () => {
      const { phone } = await visitor();
      const res = await send(s.app, 'POST', '/api/leads/create-camp-lejeune', { payload: campLejeuneBody(phone.typed) });
      expect(res.statusCode).toBe(403);
    });
  });

  it('refuses a calculator lead without its consent by name', async () => {
    const { phone, cookie } = await visitor();
    await expectRefused('consent', () => send(s.app, 'POST', '/api/leads/create/calc', { payload: calcLeadBody(phone.typed, { consent: undefined }), cookie }));
  });

  describe('PUT /api/leads/update', () => {
    const update = (leadId: number, reason: string, cookie?: string) =>
      send(s.app, 'PUT', '/api/leads/update', { payload: { lead_id: leadId, extra_details: { accidentDetails: { accidentReason: reason } } }, cookie });
    const visitorWithLead = async () => {
      const v = await visitor();
      const res = await send(s.app, 'POST', '/api/leads/create', { payload: generalLeadBody(v.phone.typed), cookie: v.cookie });
      return { ...v, id: res.json<CreateResponse>().lead.id };
    };

    it('stores the text as text: markup comes back unchanged, as data', async () => {
      const { cookie, id } = await visitorWithLead();
      const reason = `<script>alert("x")</script> I was rear-ended at a red light & the other driver's "insurance" — ¡qué susto! 🚗\n'; DROP TABLE leads; --`;
      const res = await update(id, reason, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const json = res.json<{ success: boolean; lead: { accidentReason: string } }>();
      expect(schemaErrors(leadsUpdateResponseSchema, json)).toEqual([]);
      expect(json.success).toBe(true);
      expect(json.lead.accidentReason).toBe(reason);
      expect(res.headers['content-type']).toContain('application/json');
      const { rows } = await s.db.query<{ accident_reason: string }>('SELECT accident_reason FROM leads WHERE id = $1', [id]);
      expect(rows[0]?.accident_reason).toBe(reason);
      expect((await getLead(s.db, id))?.accidentReason).toBe(reason);
    });

    it("answers 403 without a live verification and 404 for a lead that is not the visitor's, changing nothing", async () => {
      const owner = await visitorWithLead();
      const stranger = await visitor();
      expect((await update(owner.id, 'mine', undefined)).statusCode).toBe(403);
      expect((await update(owner.id, 'mine', 'cf_verification=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(403);
      const theirs = await update(owner.id, 'not mine', stranger.cookie);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: 'not_found' });
      expect((await update(987654321, 'nobody', stranger.cookie)).statusCode).toBe(404);
      expect((await getLead(s.db, owner.id))?.accidentReason).toBeNull();

      await s.db.query("UPDATE phone_verifications SET verified_at = now() - interval '25 hours' WHERE phone = $1", [owner.phone.e164]);
      const expired = await update(owner.id, 'late', owner.cookie);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual({ error: 'phone_not_verified' });
    });

    it.each([
      ['lead_id', { lead_id: '1', extra_details: { accidentDetails: { accidentReason: 'x' } } }],
      ['lead_id', { extra_details: { accidentDetails: { accidentReason: 'x' } } }],
      ['extra_details.accidentDetails.accidentReason', { lead_id: 1, extra_details: { accidentDetails: {} } }],
      ['extra_details.accidentDetails.accidentReason', { lead_id: 1, extra_details: { accidentDetails: { accidentReason: 'x'.repeat(5001) } } }],
      ['extra_details.accidentDetails.accidentReason', { lead_id: 1, extra_details: { accidentDetails: { accidentReason: 42 } } }],
      ['extra_details.accidentDetails.note', { lead_id: 1, extra_details: { accidentDetails: { accidentReason: 'x', note: 'y' } } }],
      ['ids', { lead_id: 1, ids: [1], extra_details: { accidentDetails: { accidentReason: 'x' } } }],
    ])('refuses a bad %s with 400 naming it', async (field, payload) => {
      const { cookie } = await visitor();
      await expectRefused(field, () => send(s.app, 'PUT', '/api/leads/update', { payload, cookie }));
    });
  });

  describe('GET /api/accident/zip', () => {
    const zip = async (query: string) => {
      const res = await send(s.app, 'GET', `/api/accident/zip?${query}`);
      if (res.statusCode === 200) expect(schemaErrors(zipResponseSchema, res.json())).toEqual([]);
      return res;
    };

    it.each([
      ['a point on a ZIP of the named city', 'lat=30.2713&lng=-97.7426&city=Austin&state=TX', '78701'],
      ['the same, the state by name and the city in lower case', 'lat=30.2713&lng=-97.7426&city=austin&state=Texas', '78701'],
      ['a point in Manhattan, city and state given', 'lat=40.7484&lng=-73.9967&city=New%20York&state=NY', '10001'],
      ['a point alone', 'lat=40.7484&lng=-73.9967', '10001'],
      ['a point with a city the gazetteer does not know', 'lat=40.7484&lng=-73.9967&city=Gotham&state=NY', '10001'],
    ])('finds the ZIP for %s', async (_what, query, code) => {
      const res = await zip(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, area: { code } });
    });

    it('finds a ZIP of the city without a point', async () => {
      const { lookupByName } = await import('zipcodes');
      const res = await zip('city=Beverly%20Hills&state=CA');
      const code = res.json<{ area: { code: string } }>().area.code;
      expect(lookupByName('Beverly Hills', 'CA').map((z) => z.zip)).toContain(code);
    });

    it.each([
      ['a city and state that do not exist', 'city=Xyzzy&state=ZZ'],
      ['a city in another state', 'city=Austin&state=VT'],
      ['the middle of the Atlantic', 'lat=0&lng=-30'],
      ['nothing at all', ''],
    ])('answers success false for %s', async (_what, query) => {
      const res = await zip(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: false });
    });

    it.each([
      ['lng', 'lat=30.2'],
      ['lat', 'lng=-97.7'],
      ['lat', 'lat=91&lng=0'],
      ['lng', 'lat=0&lng=-181'],
      ['lat', 'lat=abc&lng=1'],
      ['zoom', 'lat=1&lng=1&zoom=9'],
      ['city', `city=${'x'.repeat(101)}&state=TX`],
    ])('refuses a bad %s with 400 naming it', async (field, query) => {
      const res = await zip(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', field });
    });
  });
});
