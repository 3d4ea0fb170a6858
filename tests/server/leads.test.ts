// Leads: created only by the visitor who verified the phone, validated strictly, and their call time set by that visitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import leadsCreateResponseSchema from '../../schemas/api/leads-create.response.schema.json' with { type: 'json' };
import { getLead } from '../../server/store/leads.ts';
import { calcLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { post, verifyPhone, verifyTestPhone } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const TEST_PHONE = '+12025550199';

interface CreateResponse {
  resultIds: number[];
  lead: Record<string, unknown> & { id: number };
}

describe.each(testDbKinds)('leads on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { testPhone: TEST_PHONE } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const create = (body: unknown, cookie?: string, query = '') => post(s.app, `/api/leads/create/calc${query}`, body, cookie);

  it('refuses a lead before the phone is verified and accepts it after', async () => {
    const phone = uniquePhone();
    const before = await s.count('leads');
    const refused = await create(calcLeadBody(phone.typed));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'phone_not_verified' });
    expect(await s.count('leads')).toBe(before);

    const cookie = await verifyPhone(s, phone.national);
    const res = await create(calcLeadBody(phone.typed), cookie, '?calc_id=calc-42');
    expect(res.statusCode).toBe(200);
    const json = res.json<CreateResponse>();
    expect(schemaErrors(leadsCreateResponseSchema, json)).toEqual([]);
    expect(json.resultIds).toEqual([json.lead.id]);
    expect(typeof json.lead.id).toBe('number');
    expect(json.lead).toMatchObject({
      funnel: 'calculator',
      calc_id: 'calc-42',
      firstName: 'Jane',
      phone: phone.e164,
      legal_consult: true,
      leadTypes: { __CALawyer: 'AM' },
      preferredCallTime: null,
    });
    expect(await s.count('leads')).toBe(before + 1);
  });

  it('stores the columns and the validated body', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const body = calcLeadBody(phone.typed, {
      email: ' jane@example.com ',
      lastName: '',
      legal_consult: false,
      leadTypes: { notInterested: true },
      language: 'es',
      businessUserToken: 'biz-123',
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/leads/create/calc',
      headers: { 'user-agent': 'vitest-browser', cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const { lead } = res.json<CreateResponse>();
    expect(lead).not.toHaveProperty('businessUserToken');

    const { rows } = await s.db.query<Record<string, unknown>>('SELECT * FROM leads WHERE id = $1', [lead.id]);
    expect(rows[0]).toMatchObject({
      funnel: 'calculator',
      calc_id: null,
      first_name: 'Jane',
      last_name: '',
      phone: phone.e164,
      email: 'jane@example.com',
      legal_consult: false,
      language: 'es',
      preferred_call_time: null,
      user_agent: 'vitest-browser',
      body,
    });
    expect(rows[0]?.created_at).toBeInstanceOf(Date);
    expect(await getLead(s.db, lead.id)).toEqual(lead);
  });

  it('accepts the test phone without a code, with the cookie its send set', async () => {
    const cookie = await verifyTestPhone(s.app, TEST_PHONE);
    const res = await create(calcLeadBody('(202) 555-0199'), cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<CreateResponse>().lead.phone).toBe(TEST_PHONE);
    expect((await create(calcLeadBody('(202) 555-0199'))).statusCode).toBe(403);
  });

  it('refuses a phone whose verification is older than 24 hours', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    await s.db.query("UPDATE phone_verifications SET verified_at = now() - interval '25 hours' WHERE phone = $1", [phone.e164]);
    const res = await create(calcLeadBody(phone.typed), cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'phone_not_verified' });
  });

  it('does not accept a lead for another phone than the one verified', async () => {
    const verified = uniquePhone();
    const cookie = await verifyPhone(s, verified.national);
    expect((await create(calcLeadBody(uniquePhone().typed), cookie)).statusCode).toBe(403);
  });

  it('refuses a lead for a phone someone else verified: the verification belongs to the visitor', async () => {
    const phone = uniquePhone();
    await verifyPhone(s, phone.national);
    const before = await s.count('leads');
    const res = await create(calcLeadBody(phone.typed));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'phone_not_verified' });
    expect(await s.count('leads')).toBe(before);
  });

  it('refuses a lead whose cookie verified another phone, even when that phone is verified elsewhere', async () => {
    const a = uniquePhone();
    const b = uniquePhone();
    await verifyPhone(s, a.national);
    const cookieB = await verifyPhone(s, b.national);
    const before = await s.count('leads');
    expect((await create(calcLeadBody(a.typed), cookieB)).statusCode).toBe(403);
    expect(await s.count('leads')).toBe(before);
  });

  it.each([
    ['a made-up id', 'cf_verification=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['an empty id', 'cf_verification='],
    ['another cookie', 'ref=abc'],
  ])('refuses a lead with %s as the cookie', async (_what, cookie) => {
    const phone = uniquePhone();
    await verifyPhone(s, phone.national);
    const res = await create(calcLeadBody(phone.typed), cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'phone_not_verified' });
  });

  it('binds the lead to the verification it was created under', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const { lead } = (await create(calcLeadBody(phone.typed), cookie)).json<CreateResponse>();
    const { rows } = await s.db.query<{ same: boolean }>(
      `SELECT l.verification_id = v.id AS same FROM leads l, phone_verifications v WHERE l.id = $1 AND v.phone = $2`,
      [lead.id, phone.e164],
    );
    expect(rows).toEqual([{ same: true }]);
  });

  it.each([
    ['email', { email: 'jane@example' }],
    ['firstName', { firstName: '' }],
    ['phone', { phone: '123' }],
    ['legal_consult', { legal_consult: 'yes' }],
    ['language', { language: 'fr' }],
    ['leadTypes.Chiropractor', { leadTypes: { Chiropractor: 'noon' } }],
    ['leadTypes.AutoBody', { leadTypes: { AutoBody: 'AM' } }],
    [
      'extraDetails.accidentDetails.pain',
      { extraDetails: { accidentDetails: { fault: false, commercial: false, injuries: 1, earnings: 1, medical: 1, pain: 3 } } },
    ],
    ['extraDetails.accidentDetails.fault', { extraDetails: { accidentDetails: { commercial: false, injuries: 1, earnings: 1, medical: 1, pain: 1 } } }],
    [
      'extraDetails.accidentDetails.city',
      { extraDetails: { accidentDetails: { fault: false, commercial: false, injuries: 1, earnings: 1, medical: 1, pain: 1, city: 'Austin' } } },
    ],
    ['injured', { injured: undefined }],
    ['status', { status: 'sold' }],
  ])('refuses a bad %s with 400 naming it, storing nothing', async (field, overrides) => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const before = await s.count('leads');
    const res = await create(calcLeadBody(phone.typed, overrides), cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(res.json<{ message: string }>().message).toContain(field);
    expect(await s.count('leads')).toBe(before);
  });

  const createWithKey = (phone: string, key: string, cookie?: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/leads/create/calc',
      headers: { 'idempotency-key': key, ...(cookie ? { cookie } : {}) },
      payload: calcLeadBody(phone),
    });

  it('adds one lead for several submissions with the same Idempotency-Key', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const before = await s.count('leads');
    const send = () => createWithKey(phone.typed, `key-${phone.national}`, cookie);
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    // A duplicate sent while the first is still running is told so (409) and retried, as the client's outbox does.
    const answered = [a, b, c].filter((r) => r.statusCode !== 409);
    expect([a, b].filter((r) => r.statusCode === 409).length).toBeLessThan(2);
    const ids = answered.map((r) => r.json<CreateResponse>().resultIds[0]);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(answered.map((r) => r.body)).size).toBe(1);
    expect(await s.count('leads')).toBe(before + 1);
  });

  it('does not return a lead for a repeated Idempotency-Key without the verification', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const key = `key-${phone.national}`;
    expect((await createWithKey(phone.typed, key, cookie)).statusCode).toBe(200);

    const other = await verifyPhone(s, uniquePhone().national);
    for (const stranger of [undefined, other]) {
      const res = await createWithKey(phone.typed, key, stranger);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'phone_not_verified' });
    }
  });

  describe('PUT /api/leads/update/time', () => {
    const put = (payload: unknown, cookie?: string) =>
      s.app.inject({ method: 'PUT', url: '/api/leads/update/time', payload: payload as object, headers: cookie ? { cookie } : {} });
    /** A visitor who verified a phone and created leads under that verification. */
    const visitorWithLeads = async (n: number) => {
      const phone = uniquePhone();
      const cookie = await verifyPhone(s, phone.national);
      const ids: number[] = [];
      for (let i = 0; i < n; i += 1) ids.push((await create(calcLeadBody(phone.typed), cookie)).json<CreateResponse>().lead.id);
      return { phone, cookie, ids };
    };

    it('sets the preferred call time of every lead', async () => {
      const { cookie, ids } = await visitorWithLeads(2);
      const res = await put({ ids, preferredCallTime: '11am - 12pm' }, cookie);
      expect(res.statusCode).toBe(200);
      // The window it means is answered too (tests/server/call-times-api.test.ts).
      expect(res.json<{ success: boolean; window: { timeZone: string } }>()).toMatchObject({ success: true, window: { timeZone: 'America/Los_Angeles' } });
      for (const id of ids) expect((await getLead(s.db, id))?.preferredCallTime).toBe('11am - 12pm');
    });

    it('sets it for the test phone, with the cookie its send set', async () => {
      const cookie = await verifyTestPhone(s.app, TEST_PHONE);
      const id = (await create(calcLeadBody('(202) 555-0199'), cookie)).json<CreateResponse>().lead.id;
      expect((await put({ ids: [id], preferredCallTime: '9am - 10am' }, cookie)).statusCode).toBe(200);
      expect((await getLead(s.db, id))?.preferredCallTime).toBe('9am - 10am');
    });

    it('answers 404 for an unknown id and changes nothing', async () => {
      const { cookie, ids } = await visitorWithLeads(1);
      const res = await put({ ids: [...ids, 987654321], preferredCallTime: 'Call ASAP' }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
      expect((await getLead(s.db, ids[0] ?? 0))?.preferredCallTime).toBeNull();
    });

    it('answers the same 404 for leads of another verification, 403 without a live one, and changes nothing', async () => {
      const owner = await visitorWithLeads(1);
      const stranger = await visitorWithLeads(1);
      // Verifying the same phone again is a new verification: it does not reach leads made under the first one.
      const samePhoneLater = await verifyPhone(s, owner.phone.national);
      for (const [ids, cookie] of [
        [owner.ids, stranger.cookie],
        [owner.ids, samePhoneLater],
        [[...stranger.ids, ...owner.ids], stranger.cookie],
      ] as const) {
        const res = await put({ ids, preferredCallTime: 'Call ASAP' }, cookie);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found' });
      }
      // Whatever the ids: nothing about them is told to a visitor with no live verification.
      for (const cookie of [undefined, 'cf_verification=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        const res = await put({ ids: owner.ids, preferredCallTime: 'Call ASAP' }, cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'phone_not_verified' });
      }
      for (const id of [...owner.ids, ...stranger.ids]) expect((await getLead(s.db, id))?.preferredCallTime).toBeNull();
    });

    it.each([
      ['ids', { ids: [], preferredCallTime: 'Call ASAP' }],
      ['ids.0', { ids: ['1'], preferredCallTime: 'Call ASAP' }],
      ['preferredCallTime', { ids: [1], preferredCallTime: 'at noon' }],
      ['preferredCallTime', { ids: [1] }],
      ['note', { ids: [1], preferredCallTime: 'Call ASAP', note: 'x' }],
    ])('refuses a bad %s with 400 naming it', async (field, payload) => {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', field });
    });
  });
});
