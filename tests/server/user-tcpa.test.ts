// POST /api/user/tcpa stores a consent record and returns its token and wording: only the notice the contact step
// showed above its Send code button, word for word, only for a phone the visitor asked a code for (or verified), and a
// few a day per phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tcpaResponseSchema from '../../schemas/api/user-tcpa.response.schema.json' with { type: 'json' };
import { DAY_MS, fakeClock, MINUTE_MS } from '../testing/fake-clock.ts';
import { shownText, smsConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { askCode, post, send, verifyPhone } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const SMS_CODE = 'common:consent.notice.sms.code';

const tcpaBody = (phone: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Jane',
  lastName: '',
  phone,
  email: 'jane@example.com',
  trustedformPingUrl: null,
  consent: smsConsent(),
  ...extra,
});

describe.each(testDbKinds)('POST /api/user/tcpa on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const body = tcpaBody;

  it('stores the consent with the phone in E.164, ip and user agent', async () => {
    const phone = uniquePhone();
    const cookie = await askCode(s.app, phone.national);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/user/tcpa?funnel=calc',
      headers: { 'user-agent': 'vitest-browser', cookie },
      payload: body(phone.typed, { state: 'CA', zip: '90210', accidentDate: '2024-05-01' }),
    });
    expect(res.statusCode).toBe(200);
    const json = res.json<{ token: string; tcpaMessage: string }>();
    expect(schemaErrors(tcpaResponseSchema, json)).toEqual([]);
    expect(json.tcpaMessage).toBe(shownText(SMS_CODE, 'en'));

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

  it('records the words shown above Send code, in the language they were shown in, and answers them', async () => {
    const agree = async (consent: Record<string, unknown>, funnel = 'calc') => {
      const phone = uniquePhone();
      const res = await send(s.app, 'POST', `/api/user/tcpa?funnel=${funnel}`, {
        payload: body(phone.typed, { consent }),
        cookie: await askCode(s.app, phone.national),
      });
      if (res.statusCode !== 200) return { status: res.statusCode, error: res.json<{ field?: string }>() };
      const { token, tcpaMessage } = res.json<{ token: string; tcpaMessage: string }>();
      const { rows } = await s.db.query<{ wording: string; locale: string | null; text_key: string }>(
        `SELECT t.wording, c.locale, t.text_key FROM tcpa_consents p JOIN consent_records c ON c.id = p.consent_record_id
         JOIN consent_texts t ON t.id = c.consent_text_id WHERE p.token = $1`,
        [token],
      );
      return { status: 200, tcpaMessage, record: rows[0] };
    };
    const spanish = await agree(smsConsent({ locale: 'es', text: shownText(SMS_CODE, 'es') }));
    expect(spanish.tcpaMessage).toBe(shownText(SMS_CODE, 'es'));
    expect(spanish.tcpaMessage).toMatch(/^Al tocar Enviar código, usted acepta recibir un mensaje de texto con un código/);
    expect(spanish.record).toEqual({ wording: spanish.tcpaMessage, locale: 'es', text_key: SMS_CODE });
    const english = await agree(smsConsent());
    expect(english.record).toEqual({ wording: shownText(SMS_CODE, 'en'), locale: 'en', text_key: SMS_CODE });
    // An alert funnel's Send code also agrees to its alerts: its own notice, refused from a funnel that never shows it.
    const alerts = 'common:consent.notice.sms.alerts';
    expect((await agree(smsConsent({ key: alerts, text: shownText(alerts, 'en'), flowId: 'notify-me' }), 'notify-me')).record).toEqual({
      wording: shownText(alerts, 'en'),
      locale: 'en',
      text_key: alerts,
    });
    expect(await agree(smsConsent({ key: alerts, text: shownText(alerts, 'en') }))).toMatchObject({ status: 400, error: { field: 'consent.key' } });
  });

  it.each([
    ['consent.text', { text: 'By clicking Next, I agree that claimflow, its sponsoring law firms and marketing partners may contact me.' }],
    ['consent.text', { text: shownText(SMS_CODE, 'es') }],
    ['consent.key', { key: 'common:consent.notice.lead.none', text: shownText('common:consent.notice.lead.none', 'en') }],
    ['consent.key', { key: 'common:consent.intro' }],
    ['consent.flowId', { flowId: 'no-such-funnel' }],
  ])('refuses a consent whose words were not served beside Send code: 400 naming %s, nothing stored', async (field, overrides) => {
    const before = await s.count('consent_records');
    const phone = uniquePhone();
    const res = await send(s.app, 'POST', '/api/user/tcpa?funnel=calc', {
      payload: body(phone.typed, { consent: smsConsent(overrides) }),
      cookie: await askCode(s.app, phone.national),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(await s.count('consent_records')).toBe(before);
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

describe.each(testDbKinds)('POST /api/user/tcpa keeps evidence only for a phone being verified, on %s', (kind) => {
  const clock = fakeClock();
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, clock });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const tcpa = (phone: string, cookie?: string, key?: string) => send(s.app, 'POST', '/api/user/tcpa?funnel=calc', { payload: tcpaBody(phone), cookie, key });
  const stored = async (e164: string) =>
    (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tcpa_consents WHERE phone = $1', [e164])).rows[0]?.n ?? -1;

  it('stores nothing, 403, for a phone nobody asked a code for: 120 tries in a minute', async () => {
    const phone = uniquePhone();
    const answers = new Set<number>();
    for (let i = 0; i < 120; i++) answers.add((await tcpa(phone.typed)).statusCode);
    expect([...answers]).toEqual([403]);
    expect((await tcpa(phone.typed)).json()).toEqual({ error: 'phone_not_verified' });
    expect(await stored(phone.e164)).toBe(0);
  });

  it('stores nothing for a phone another visitor asked a code for, or with the cookie of another phone', async () => {
    const phone = uniquePhone();
    const other = uniquePhone();
    await askCode(s.app, phone.national, '10.1.0.1');
    const otherCookie = await askCode(s.app, other.national, '10.1.0.2');
    expect((await tcpa(phone.typed)).statusCode).toBe(403);
    expect((await tcpa(phone.typed, otherCookie)).statusCode).toBe(403);
    expect((await tcpa(phone.typed, otherCookie.replace(/=.*/, '=1.AAAA'))).statusCode).toBe(403);
    expect(await stored(phone.e164)).toBe(0);
  });

  it('stores the evidence while the code asked for is live, and for a phone the visitor verified', async () => {
    const phone = uniquePhone();
    const cookie = await askCode(s.app, phone.national, '10.1.0.3');
    clock.advance(9 * MINUTE_MS);
    expect((await tcpa(phone.typed, cookie)).statusCode).toBe(200);
    clock.advance(2 * MINUTE_MS);
    expect((await tcpa(phone.typed, cookie)).statusCode).toBe(403);
    const verified = await verifyPhone(s, phone.national);
    expect((await tcpa(phone.typed, verified)).statusCode).toBe(200);
    expect(await stored(phone.e164)).toBe(2);
  });

  it('stores at most 5 a day per phone, whoever asks; a retry of a stored one still gets its answer', async () => {
    const phone = uniquePhone();
    const cookies = [await askCode(s.app, phone.national, '10.1.0.4'), await askCode(s.app, phone.national, '10.1.0.5')];
    const first = await tcpa(phone.typed, cookies[0], 'tcpa-first');
    expect(first.statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 120; i++) answers.push((await tcpa(phone.typed, cookies[i % 2])).statusCode);
    expect(answers.filter((a) => a === 200)).toHaveLength(4);
    expect(answers.slice(4).every((a) => a === 429)).toBe(true);
    expect(await stored(phone.e164)).toBe(5);
    const refused = await tcpa(phone.typed, cookies[0]);
    expect(refused.json()).toEqual({ error: 'too_many_consents', message: 'this phone gave its consent 5 times in the last 24 hours' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const retry = await tcpa(phone.typed, cookies[0], 'tcpa-first');
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);

    clock.advance(DAY_MS);
    const fresh = await askCode(s.app, phone.national, '10.1.0.6');
    expect((await tcpa(phone.typed, fresh)).statusCode).toBe(200);
    expect(await stored(phone.e164)).toBe(6);
  });
});
