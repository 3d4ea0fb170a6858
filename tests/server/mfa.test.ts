// SMS verification: send a code, check it; codes are hashed, bound to the phone and to the visitor who asked for it,
// single-use, 3 checks, 10 minutes; a passed check gives the visitor a cookie with a random verification id, stored
// only as a hash.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_LENGTH } from '../../engine/validators.ts';
import { hashCode, newCode } from '../../server/store/one-time-codes.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, post, VERIFICATION_COOKIE, verificationCookie, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const TEST_PHONE = '+12025550199';

describe.each(testDbKinds)('SMS verification on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { testPhone: TEST_PHONE, smsCountries: ['US', 'RS'] } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  /** One browser's cf_pending cookie: the visitor who asked for the codes, and so may check them. */
  let visitor: string | undefined;
  const send = async (national: string, country_code = '+1') => {
    const res = await post(s.app, '/api/user/mfa-sms-send', { country_code, phone: national, source: 'calc' }, visitor);
    visitor = pendingCookie(res) ?? visitor;
    return res;
  };
  const verify = (national: string, code: string | undefined, country_code = '+1') =>
    post(s.app, '/api/user/mfa-sms-verify', { code, country_code, phone: national }, visitor);
  const verifiedCount = async (e164: string) => (await s.db.query('SELECT 1 FROM phone_verifications WHERE phone = $1', [e164])).rows.length;

  it('sends a 4-digit code by SMS, stores only its hash, and verifies it once', async () => {
    const phone = uniquePhone();
    const res = await send(phone.national);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const code = s.sms.lastCode(phone.e164);
    expect(code).toMatch(/^\d{4}$/);
    const token = s.sms.lastLink(phone.e164) ?? 'none';
    expect(s.sms.sent.at(-1)).toEqual({
      to: phone.e164,
      text: `Your claimflow code is ${code}\nOr tap to confirm: ${s.config.publicUrl}/verify/${token}\n@localhost #${code}`,
    });
    const { rows } = await s.db.query<Record<string, unknown>>('SELECT * FROM sms_codes WHERE phone = $1', [phone.e164]);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.link_hash).toBe(createHash('sha256').update(token).digest('hex'));

    expect((await verify(phone.national, code)).json()).toEqual({ success: true });
    expect(await verifiedCount(phone.e164)).toBe(1);

    const again = await verify(phone.national, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, error: 'code_expired' });
    expect(await verifiedCount(phone.e164)).toBe(1);
  });

  it('ends the SMS with the WebOTP line @<APP_HOST> #<code>, the code also on the first line, its link between', async () => {
    const phone = uniquePhone();
    await send(phone.national);
    const lines = s.sms.sent.at(-1)?.text.split('\n') ?? [];
    const code = s.sms.lastCode(phone.e164) ?? 'none';
    expect(lines[0]).toBe(`Your claimflow code is ${code}`);
    expect(lines[1]).toMatch(/^Or tap to confirm: http:\/\/localhost:\d+\/verify\/[\w-]{22}$/);
    expect(lines.at(-1)).toBe(`@localhost #${code}`);
  });

  it('gives the visitor who verifies an httpOnly, SameSite=Lax cookie for /api with a random id, stored only hashed', async () => {
    const phone = uniquePhone();
    await send(phone.national);
    const res = await verify(phone.national, s.sms.lastCode(phone.e164));
    expect(res.json()).toEqual({ success: true });
    const cookie = res.cookies.find((c) => c.name === VERIFICATION_COOKIE);
    expect(cookie).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Lax', maxAge: 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
    const id = cookie?.value ?? '';
    // At least 128 random bits, base64url.
    expect(id).toMatch(/^[\w-]{22,}$/);

    const { rows } = await s.db.query<Record<string, unknown>>('SELECT * FROM phone_verifications WHERE phone = $1', [phone.e164]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows[0]?.id_hash).toBe(createHash('sha256').update(id).digest('hex'));
  });

  it('gives every verification its own id, and none for a failed check', async () => {
    const a = await verifyPhone(s, uniquePhone().national);
    const b = await verifyPhone(s, uniquePhone().national);
    expect(a).not.toBe(b);
    const phone = uniquePhone();
    await send(phone.national);
    const wrong = await verify(phone.national, s.sms.lastCode(phone.e164) === '0000' ? '0001' : '0000');
    expect(wrong.statusCode).toBe(400);
    expect(verificationCookie(wrong)).toBeUndefined();
    expect(verificationCookie(await send(uniquePhone().national))).toBeUndefined();
  });

  it('parses +381 numbers', async () => {
    const res = await send('641234567', '+381');
    expect(res.statusCode).toBe(200);
    expect(s.sms.lastCode('+381641234567')).toMatch(/^\d{4}$/);
  });

  it.each([
    ['too short', '+1', '555'],
    ['letters', '+1', 'call-me-now'],
    ['an impossible US number', '+1', '1234567890'],
    ['a possible but invalid US number', '+1', '5555555555'],
    ['an unknown country code', '+999', '2025550123'],
  ])('refuses %s with invalid_phone and sends nothing', async (_what, country_code, national) => {
    const sent = s.sms.sent.length;
    const before = await s.count('sms_codes');
    const res = await send(national, country_code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'invalid_phone' });
    expect(s.sms.sent.length).toBe(sent);
    expect(await s.count('sms_codes')).toBe(before);
  });

  it('refuses a wrong code, then accepts the right one', async () => {
    const phone = uniquePhone();
    await send(phone.national);
    const code = s.sms.lastCode(phone.e164) ?? '';
    const wrong = code === '0000' ? '0001' : '0000';
    expect((await verify(phone.national, wrong)).json()).toEqual({ success: false, error: 'invalid_code' });
    expect((await verify(phone.national, code)).statusCode).toBe(200);
  });

  it('voids a code after 3 checks, even if the 4th is right, and says so from the 3rd on', async () => {
    const phone = uniquePhone();
    await send(phone.national);
    const code = s.sms.lastCode(phone.e164) ?? '';
    const wrong = code === '9999' ? '9998' : '9999';
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await verify(phone.national, wrong)).json<{ error: string }>().error);
    expect(answers).toEqual(['invalid_code', 'invalid_code', 'code_expired']);
    const fourth = await verify(phone.national, code);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toEqual({ success: false, error: 'code_expired' });
    expect(await verifiedCount(phone.e164)).toBe(0);
  });

  it('does not verify phone B with the code sent to phone A', async () => {
    const a = uniquePhone();
    const b = uniquePhone();
    await send(a.national);
    const codeA = s.sms.lastCode(a.e164) ?? '';
    let codeB = codeA;
    // Draw until B's code differs from A's (1 in 10,000 chance it does not).
    while (codeB === codeA) {
      await send(b.national);
      codeB = s.sms.lastCode(b.e164) ?? '';
    }
    expect((await verify(b.national, codeA)).statusCode).toBe(400);
    expect(await verifiedCount(b.e164)).toBe(0);
    expect((await verify(a.national, codeA)).statusCode).toBe(200);
    expect((await verify(b.national, codeB)).statusCode).toBe(200);
  });

  it('replaces the earlier code when a new one is sent', async () => {
    const phone = uniquePhone();
    await send(phone.national);
    const first = s.sms.lastCode(phone.e164) ?? '';
    let second = first;
    // Draw until the new code differs (1 in 10,000 chance it does not).
    while (second === first) {
      await send(phone.national);
      second = s.sms.lastCode(phone.e164) ?? '';
    }
    expect((await verify(phone.national, first)).statusCode).toBe(400);
    expect((await verify(phone.national, second)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const phone = uniquePhone();
    await send(phone.national);
    const code = s.sms.lastCode(phone.e164);
    const { rows } = await s.db.query<{ minutes: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM sms_codes WHERE phone = $1',
      [phone.e164],
    );
    expect(rows[0]?.minutes).toBe(10);
    await s.db.query("UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone = $1", [phone.e164]);
    expect((await verify(phone.national, code)).json()).toEqual({ success: false, error: 'code_expired' });
  });

  it('refuses a code for a phone that was never sent one: no code is live, ask for one', async () => {
    expect((await verify(uniquePhone().national, '1234')).json()).toEqual({ success: false, error: 'code_expired' });
  });

  it('skips SMS for the test phone and counts it as verified, with the cookie', async () => {
    const sent = s.sms.sent.length;
    const before = await verifiedCount(TEST_PHONE);
    const res = await send('2025550199');
    expect(res.json()).toEqual({ success: true, verified: true });
    expect(s.sms.sent.length).toBe(sent);
    expect(res.cookies.find((c) => c.name === VERIFICATION_COOKIE)).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Lax' });
    const checked = await verify('2025550199', '0000');
    expect(checked.json()).toEqual({ success: true });
    expect(verificationCookie(checked)).toBeDefined();
    expect(await verifiedCount(TEST_PHONE)).toBe(before + 2);
  });

  it('reports a failing SMS service as 502 sms_failed', async () => {
    s.sms.failing = true;
    try {
      const res = await send(uniquePhone().national);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ success: false, error: 'sms_failed' });
    } finally {
      s.sms.failing = false;
    }
  });

  it.each([
    ['/api/user/mfa-sms-send', { country_code: '+1' }, 'phone'],
    ['/api/user/mfa-sms-send', { country_code: '+1', phone: '2025550123', extra: 1 }, 'extra'],
    ['/api/user/mfa-sms-send', { country_code: 1, phone: '2025550123' }, 'country_code'],
    ['/api/user/mfa-sms-verify', { country_code: '+1', phone: '2025550123' }, 'code'],
    ['/api/user/mfa-sms-verify', { code: 1234, country_code: '+1', phone: '2025550123' }, 'code'],
  ])('%s refuses a bad body naming %o', async (url, payload, field) => {
    const before = await s.count('sms_codes');
    const res = await post(s.app, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(await s.count('sms_codes')).toBe(before);
  });
});

describe('one-time codes', () => {
  it('have CODE_LENGTH digits, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, () => newCode());
    for (const code of codes) expect(code).toMatch(new RegExp(`^\\d{${CODE_LENGTH}}$`));
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('are hashed together with the phone', () => {
    expect(hashCode(undefined, '+12025550123', '1234')).not.toBe(hashCode(undefined, '+12025550124', '1234'));
    expect(hashCode('k'.repeat(32), '+12025550123', '1234')).not.toBe(hashCode(undefined, '+12025550123', '1234'));
  });

  it(
    "in the SMS have the web app's CODE_LENGTH, and name APP_HOST; the cookie is Secure in production",
    async () => {
      const s = await makeTestServer({ config: { appHost: 'claims.example.com', nodeEnv: 'production' } });
      try {
        const phone = uniquePhone();
        const send = await post(s.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national });
        const code = s.sms.lastCode(phone.e164) ?? 'none';
        expect(code).toHaveLength(CODE_LENGTH);
        const link = `${s.config.publicUrl}/verify/${s.sms.lastLink(phone.e164) ?? 'none'}`;
        expect(s.sms.sent.at(-1)?.text).toBe(`Your claimflow code is ${code}\nOr tap to confirm: ${link}\n@claims.example.com #${code}`);
        expect(send.cookies.find((c) => c.name === 'cf_pending')).toMatchObject({ secure: true, httpOnly: true, path: '/api' });
        const res = await post(s.app, '/api/user/mfa-sms-verify', { code, country_code: '+1', phone: phone.national }, pendingCookie(send));
        expect(res.statusCode).toBe(200);
        expect(res.cookies.find((c) => c.name === VERIFICATION_COOKIE)).toMatchObject({ secure: true, httpOnly: true, path: '/api' });
      } finally {
        await s.close();
      }
    },
    STARTUP_MS,
  );
});
