// Limits on sending codes, with a fake clock: 3 in 10 minutes and 50 a day per phone (short, so strangers' sends hold
// its owner back 10 minutes at most; never a lock for wrong guesses), 10 an hour and 30 a day per address (the range,
// the /48 and the global budget: sms-pumping.test.ts);
// a refusal is 429 with Retry-After and { success: false, error, retryAfter }, sends nothing and keeps the last code.
import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../../server/routes/api-schemas.ts';
import { DAY_MS, MINUTE_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, refusalOf, smsSend, smsVerify } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { useCodesApp } from '../testing/codes-app.ts';
import { makeCodesApp } from '../testing/test-servers.ts';

const TEST_PHONE = '+12025550199';

describe.each(testDbKinds)('sending codes on %s', { timeout: 60_000 }, (kind) => {
  const c = useCodesApp(kind, { config: { testPhone: TEST_PHONE } });

  /** A different address per test, so that only the limit under test is met. */
  let addressCounter = 0;
  const newAddress = () => `198.51.100.${(addressCounter += 1)}`;

  it('refuses the 4th send to a phone within 10 minutes with 429 too_many_sends and Retry-After, from any address, and allows it after', async () => {
    const phone = uniquePhone();
    const ip = newAddress();
    for (let i = 0; i < 3; i += 1) {
      expect((await smsSend(c.app, phone.national, ip)).statusCode).toBe(200);
      c.clock.advance(MINUTE_MS);
    }
    const sent = c.sms.sent.length;
    const res = await smsSend(c.app, phone.national, ip);
    // The first send leaves the 10 minutes 7 minutes from now.
    expect(refusalOf(res)).toEqual({ status: 429, error: 'too_many_sends', retryAfter: 7 * 60, header: 7 * 60 });
    expect(res.json()).toEqual({ success: false, error: 'too_many_sends', retryAfter: 7 * 60 });
    expect(schemaErrors(apiSchemas.mfaLimitResponse, res.json())).toEqual([]);
    expect(c.sms.sent.length).toBe(sent);
    // Another address changes nothing: the limit is the phone's; but the owner waits 10 minutes at most.
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(429);

    c.clock.advance(7 * MINUTE_MS - 1);
    expect(refusalOf(await smsSend(c.app, phone.national, ip))).toMatchObject({ status: 429, retryAfter: 1 });
    c.clock.advance(1);
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(200);
  });

  it('keeps the last code working when a send is refused', async () => {
    const phone = uniquePhone();
    let cookie: string | undefined;
    for (let i = 0; i < 3; i += 1) cookie = pendingCookie(await smsSend(c.app, phone.national, newAddress()));
    const code = c.sms.lastCode(phone.e164);
    expect((await smsSend(c.app, phone.national, newAddress(), '+1', cookie)).statusCode).toBe(429);
    expect(c.sms.lastCode(phone.e164)).toBe(code);
    expect((await smsVerify(c.app, phone.national, code, newAddress(), cookie)).json()).toEqual({ success: true });
  });

  it('refuses the 51st send to a phone within a day, even spaced out within the short limits', async () => {
    const phone = uniquePhone();
    // One send every 6 minutes meets neither the phone's 3 in 10 minutes nor its range's 10 an hour: 50 take 5 hours.
    for (let i = 0; i < 50; i += 1) {
      expect((await smsSend(c.app, phone.national, newAddress())).statusCode, `send ${i + 1}`).toBe(200);
      c.clock.advance(6 * MINUTE_MS);
    }
    const res = await smsSend(c.app, phone.national, newAddress());
    // 300 minutes after the first send, which leaves the day 19 hours later.
    expect(refusalOf(res)).toEqual({ status: 429, error: 'too_many_sends', retryAfter: 1140 * 60, header: 1140 * 60 });
    c.clock.advance(DAY_MS - 300 * MINUTE_MS);
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(200);
  });

  it('refuses the 11th send from one address within an hour, to any phones', async () => {
    const ip = newAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode).toBe(200);
      c.clock.advance(MINUTE_MS);
    }
    const phone = uniquePhone();
    const res = await smsSend(c.app, phone.national, ip);
    expect(refusalOf(res)).toEqual({ status: 429, error: 'too_many_sends', retryAfter: 50 * 60, header: 50 * 60 });
    expect(c.sms.lastCode(phone.e164)).toBeUndefined();
    // The phone itself was not held against: from elsewhere it gets its code.
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(200);
    c.clock.advance(50 * MINUTE_MS);
    expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode).toBe(200);
  });

  it('refuses the 31st send from one address within a day', async () => {
    const ip = newAddress();
    // 10 an hour: sends 7 minutes apart stay under it, 30 of them take 3 hours 23 minutes.
    for (let i = 0; i < 30; i += 1) {
      expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode, `send ${i + 1}`).toBe(200);
      c.clock.advance(7 * MINUTE_MS);
    }
    const res = await smsSend(c.app, uniquePhone().national, ip);
    expect(refusalOf(res)).toEqual({ status: 429, error: 'too_many_sends', retryAfter: (DAY_MS - 210 * MINUTE_MS) / 1000, header: (DAY_MS - 210 * MINUTE_MS) / 1000 });
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped IPv6 address as its IPv4 one', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await smsSend(c.app, uniquePhone().national, `2001:db8:1:2:${i.toString(16)}::${i + 1}`)).statusCode).toBe(200);
    }
    expect((await smsSend(c.app, uniquePhone().national, '2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await smsSend(c.app, uniquePhone().national, '2001:db8:1:3::1')).statusCode).toBe(200);

    const ip = newAddress();
    for (let i = 0; i < 10; i += 1) await smsSend(c.app, uniquePhone().national, i % 2 ? ip : `::ffff:${ip}`);
    expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode).toBe(429);
  });

  it('sends codes to a phone whatever wrong guesses it had: no lock, each text carries its link', async () => {
    const phone = uniquePhone();
    const guessWrong = async (cookie: string | undefined, n: number) => {
      const code = c.sms.lastCode(phone.e164);
      for (let i = 0; i < n; i += 1) expect((await smsVerify(c.app, phone.national, code === '0000' ? '0001' : '0000', newAddress(), cookie)).statusCode).toBe(400);
    };
    for (let i = 0; i < 3; i += 1) await guessWrong(pendingCookie(await smsSend(c.app, phone.national, newAddress())), 3);
    c.clock.advance(10 * MINUTE_MS);
    await guessWrong(pendingCookie(await smsSend(c.app, phone.national, newAddress())), 1);
    const res = await smsSend(c.app, phone.national, newAddress());
    expect(res.json()).toEqual({ success: true });
    expect(c.sms.lastLink(phone.e164)).toMatch(/^[\w-]{22}$/);
  });

  it('does not count refused sends', async () => {
    const phone = uniquePhone();
    const ip = newAddress();
    for (let i = 0; i < 3; i += 1) await smsSend(c.app, phone.national, ip);
    c.clock.advance(5 * MINUTE_MS);
    for (let i = 0; i < 5; i += 1) expect((await smsSend(c.app, phone.national, ip)).statusCode).toBe(429);
    c.clock.advance(5 * MINUTE_MS);
    // 10 minutes after the first 3, nothing refused counted: 3 more pass.
    for (let i = 0; i < 3; i += 1) expect((await smsSend(c.app, phone.national, ip)).statusCode).toBe(200);
  });

  it('counts a send whose SMS failed: the code was made and the provider called', async () => {
    const phone = uniquePhone();
    const ip = newAddress();
    c.sms.failing = true;
    try {
      for (let i = 0; i < 3; i += 1) expect((await smsSend(c.app, phone.national, ip)).statusCode).toBe(502);
    } finally {
      c.sms.failing = false;
    }
    expect(refusalOf(await smsSend(c.app, phone.national, ip))).toMatchObject({ status: 429, error: 'too_many_sends' });
  });

  it('lets the test phone through every time: no SMS, no code, no limit', async () => {
    const ip = newAddress();
    for (let i = 0; i < 40; i += 1) {
      const res = await smsSend(c.app, '2025550199', ip);
      expect(res.json()).toEqual({ success: true, verified: true });
      expect((await smsVerify(c.app, '2025550199', '0000', ip)).json()).toEqual({ success: true });
    }
    const { rows } = await c.testDb.db.query('SELECT 1 FROM sms_codes WHERE phone = $1', [TEST_PHONE]);
    expect(rows).toHaveLength(0);
  });

  it('answers the per-address request limit of every API route with its own 429 body, which the schema also allows', async () => {
    const limited = await makeCodesApp(c.testDb.db, c.clock, { config: { rateLimit: { apiPerMinute: 1, staticPerMinute: 100 } } });
    try {
      const ip = newAddress();
      expect((await smsSend(limited.app, uniquePhone().national, ip)).statusCode).toBe(200);
      const res = await smsSend(limited.app, uniquePhone().national, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: 'rate_limited' });
      expect(schemaErrors(apiSchemas.mfaLimitResponse, res.json())).toEqual([]);
    } finally {
      await limited.app.close();
    }
  });
});

describe('the 429 schema', () => {
  it('takes the three code limits and the request limit, nothing else', () => {
    const schema = apiSchemas.mfaLimitResponse;
    for (const error of ['too_many_sends', 'too_many_checks', 'sms_unavailable']) {
      expect(schemaErrors(schema, { success: false, error, retryAfter: 60 })).toEqual([]);
    }
    expect(schemaErrors(schema, { error: 'rate_limited', retryAfter: 60 })).toEqual([]);
    expect(schemaErrors(schema, { success: false, error: 'too_many_sends' })).not.toEqual([]);
    expect(schemaErrors(schema, { success: false, error: 'invalid_code', retryAfter: 60 })).not.toEqual([]);
    expect(schemaErrors(schema, { success: false, error: 'too_many_sends', retryAfter: 0 })).not.toEqual([]);
    expect(schemaErrors(schema, { success: false, error: 'phone_locked', retryAfter: 60 })).not.toEqual([]);
  });
});
