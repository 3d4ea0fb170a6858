// POST /api/user/tcpa stores a consent record and returns its token and wording.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tcpaResponseSchema from '../../schemas/api/user-tcpa.response.schema.json' with { type: 'json' };
import { uniquePhone } from '../testing/lead-bodies.ts';
import { post } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

describe.each(testDbKinds)('POST /api/user/tcpa on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const body = (phone: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Jane',
    lastName: '',
    phone,
    email: 'jane@example.com',
    trustedformPingUrl: null,
    ...extra,
  });

  it('stores the consent with the phone in E.164, ip and user agent', async () => {
    const phone = uniquePhone();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/user/tcpa?funnel=calc',
      headers: { 'user-agent': 'vitest-browser' },
      payload: body(phone.typed, { state: 'CA', zip: '90210', accidentDate: '2024-05-01' }),
    });
    expect(res.statusCode).toBe(200);
    const json = res.json<{ token: string; tcpaMessage: string }>();
    expect(schemaErrors(tcpaResponseSchema, json)).toEqual([]);
    expect(json.tcpaMessage).toMatch(/text messages/);

    const { rows } = await s.db.query<Record<string, unknown>>('SELECT * FROM tcpa_consents WHERE token = $1', [json.token]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      funnel: 'calc',
      phone: phone.e164,
      tcpa_message: json.tcpaMessage,
      user_agent: 'vitest-browser',
      fields: { firstName: 'Jane', lastName: '', state: 'CA', zip: '90210', accidentDate: '2024-05-01' },
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.created_at).toBeInstanceOf(Date);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['firstName', { firstName: '' }],
    ['zip', { zip: 'abc' }],
    ['accidentDate', { accidentDate: '05/01/2024' }],
    ['phone', { phone: '12' }],
    ['nickname', { nickname: 'JJ' }],
  ])('refuses a bad %s with 400 naming it, storing nothing', async (field, extra) => {
    const before = await s.count('tcpa_consents');
    const res = await post(s.app, '/api/user/tcpa?funnel=calc', body(uniquePhone().typed, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(res.body).not.toMatch(/at .*\.ts/);
    expect(await s.count('tcpa_consents')).toBe(before);
  });

  it('names a missing field', async () => {
    const { email: _email, ...rest } = body(uniquePhone().typed);
    const res = await post(s.app, '/api/user/tcpa', rest);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation', field: 'email', message: 'email is required' });
  });
});
