// Lock-out of strangers' phones (issue 23, part 1): checks that could not have verified (no code sent, or the code is
// used, expired or out of checks) never count against the phone; they count against the address that made them. When
// a code dies its owner is told so (code_expired) and can ask for a new one at once.
import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../../server/routes/api-schemas.ts';
import { MINUTE_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { refusalOf, smsSend, smsVerify } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { useCodesApp } from '../testing/codes-app.ts';

const EXPIRED = { success: false, error: 'code_expired' };
const INVALID = { success: false, error: 'invalid_code' };

describe.each(testDbKinds)('no lock-out of strangers\' phones on %s', (kind) => {
  const c = useCodesApp(kind);

  let addressCounter = 0;
  const newAddress = () => `192.0.2.${(addressCounter += 1) % 250}`;
  const owner = '198.51.100.200';

  it('lets the owner verify after 40 wrong codes from 20 addresses for a phone that never asked for one', async () => {
    const victim = uniquePhone();
    for (let i = 0; i < 40; i += 1) {
      const res = await smsVerify(c.app, victim.national, String(1000 + i), `203.0.113.${i % 20}`);
      expect(res.statusCode, `check ${i + 1}`).toBe(400);
      expect(res.json()).toEqual(EXPIRED);
      expect(schemaErrors(apiSchemas.mfaFailureResponse, res.json())).toEqual([]);
    }
    expect((await smsSend(c.app, victim.national, owner)).statusCode).toBe(200);
    expect((await smsVerify(c.app, victim.national, c.sms.lastCode(victim.e164), owner)).json()).toEqual({ success: true });
  });

  it('tells the owner a code killed by 3 wrong guesses is no longer valid, and lets them ask for a new one at once', async () => {
    const phone = uniquePhone();
    expect((await smsSend(c.app, phone.national, owner)).statusCode).toBe(200);
    const code = c.sms.lastCode(phone.e164) ?? '';
    const wrong = code === '0000' ? '0001' : '0000';
    expect((await smsVerify(c.app, phone.national, wrong, newAddress())).json()).toEqual(INVALID);
    expect((await smsVerify(c.app, phone.national, wrong, newAddress())).json()).toEqual(INVALID);
    // The third wrong guess uses the code up: the answer says so.
    expect((await smsVerify(c.app, phone.national, wrong, newAddress())).json()).toEqual(EXPIRED);
    // The owner's right code is refused as no longer valid, not as wrong.
    expect((await smsVerify(c.app, phone.national, code, owner)).json()).toEqual(EXPIRED);
    c.clock.advance(MINUTE_MS);
    expect((await smsSend(c.app, phone.national, owner)).statusCode).toBe(200);
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), owner)).json()).toEqual({ success: true });
  });

  it('answers code_expired for a used or expired code and never counts those checks against the phone', async () => {
    const phone = uniquePhone();
    await smsSend(c.app, phone.national, owner);
    const code = c.sms.lastCode(phone.e164) ?? '';
    expect((await smsVerify(c.app, phone.national, code, owner)).json()).toEqual({ success: true });
    // 30 checks of a used code, then of an expired one: none could have verified.
    for (let i = 0; i < 30; i += 1) expect((await smsVerify(c.app, phone.national, '1234', newAddress())).json()).toEqual(EXPIRED);
    c.clock.advance(MINUTE_MS);
    await smsSend(c.app, phone.national, owner);
    c.clock.advance(11 * MINUTE_MS);
    for (let i = 0; i < 30; i += 1) expect((await smsVerify(c.app, phone.national, '1234', newAddress())).json()).toEqual(EXPIRED);
    await smsSend(c.app, phone.national, owner);
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), owner)).json()).toEqual({ success: true });
    const { rows } = await c.testDb.db.query("SELECT 1 FROM code_limit_events WHERE subject = $1 AND kind = 'failure'", [`phone:${phone.e164}`]);
    expect(rows).toHaveLength(0);
  });

  it('counts checks that could not have verified against the address that made them', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 30; i += 1) expect((await smsVerify(c.app, uniquePhone().national, '1234', ip)).statusCode).toBe(400);
    expect(refusalOf(await smsVerify(c.app, uniquePhone().national, '1234', ip))).toMatchObject({ status: 429, error: 'too_many_checks' });
  });

  it('counts IPv6 checks per /48 as well as per /64: 65,536 /64s of one /48 are not 65,536 quotas', async () => {
    const site = '2001:db8:77';
    let answered = 0;
    for (let i = 0; i < 200; i += 1) {
      const res = await smsVerify(c.app, uniquePhone().national, '1234', `${site}:${i.toString(16)}::1`);
      if (res.statusCode === 400) answered += 1;
      else expect(refusalOf(res)).toMatchObject({ status: 429, error: 'too_many_checks' });
    }
    // One /64 alone may check 30 an hour; the whole /48 90.
    expect(answered).toBe(90);
    expect((await smsVerify(c.app, uniquePhone().national, '1234', '2001:db8:78::1')).statusCode).toBe(400);
  });
});
