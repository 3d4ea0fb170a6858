// Checking codes, with a fake clock: a code lasts 10 minutes and 3 checks; 10 wrong guesses in a row at codes the phone
// was sent lock it (new codes do not reset the count, a success does; checks with no live code never count:
// codes-lockout.test.ts); an address gets 30 checks an hour and 90 a day.
import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../../server/routes/api-schemas.ts';
import { ipSubject, prefixSubject, siteSubject } from '../../server/store/code-limits.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { refusalOf, smsSend, smsVerify } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { useCodesApp } from '../testing/codes-app.ts';
import { makeCodesApp } from '../testing/test-servers.ts';

describe.each(testDbKinds)('checking codes on %s', (kind) => {
  const c = useCodesApp(kind);

  let addressCounter = 0;
  const newAddress = () => `203.0.113.${(addressCounter += 1)}`;
  /** Sends a code to a new phone from a new address; returns the phone and the code. */
  const phoneWithCode = async () => {
    const phone = uniquePhone();
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(200);
    return { phone, code: c.sms.lastCode(phone.e164) ?? 'none' };
  };
  const wrongFor = (code: string) => (code === '0000' ? '0001' : '0000');
  /** n wrong checks of phone, each from its own address; expects each answered 400 (invalid_code, or code_expired once the code is dead). */
  const fail = async (national: string, code: string, n: number) => {
    for (let i = 0; i < n; i += 1) {
      const res = await smsVerify(c.app, national, wrongFor(code), newAddress());
      expect(res.statusCode).toBe(400);
      expect(['invalid_code', 'code_expired']).toContain(res.json<{ error: string }>().error);
    }
  };

  it('accepts a code until 10 minutes after it was sent, and not from then on', async () => {
    const a = await phoneWithCode();
    const b = await phoneWithCode();
    c.clock.advance(10 * MINUTE_MS - 1);
    expect((await smsVerify(c.app, a.phone.national, a.code, newAddress())).json()).toEqual({ success: true });
    c.clock.advance(1);
    const late = await smsVerify(c.app, b.phone.national, b.code, newAddress());
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ success: false, error: 'code_expired' });
  });

  it('checks a code 3 times at most: the 4th check fails even with the right code, and a new code works', async () => {
    const { phone, code } = await phoneWithCode();
    await fail(phone.national, code, 3);
    expect((await smsVerify(c.app, phone.national, code, newAddress())).json()).toEqual({ success: false, error: 'code_expired' });
    const { rows } = await c.testDb.db.query<{ attempts: number }>('SELECT attempts FROM sms_codes WHERE phone = $1', [phone.e164]);
    expect(rows[0]?.attempts).toBe(3);
    await smsSend(c.app, phone.national, newAddress());
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), newAddress())).json()).toEqual({ success: true });
  });

  it('locks a phone after 10 failed checks in a row, whatever new codes it was sent: 429 phone_locked, even for the right code', async () => {
    const phone = uniquePhone();
    // 3 codes (the hourly limit), 3 failures each, then the 10th failure on the next hour's code.
    for (let n = 0; n < 3; n += 1) {
      await smsSend(c.app, phone.national, newAddress());
      await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 3);
      c.clock.advance(5 * MINUTE_MS);
    }
    c.clock.advance(HOUR_MS);
    await smsSend(c.app, phone.national, newAddress());
    const code = c.sms.lastCode(phone.e164) ?? '';
    await fail(phone.national, code, 1);
    const res = await smsVerify(c.app, phone.national, code, newAddress());
    // Until the first failure (1 hour 15 minutes ago) is 30 days old.
    const retryAfter = (30 * DAY_MS - HOUR_MS - 15 * MINUTE_MS) / 1000;
    expect(refusalOf(res)).toEqual({ status: 429, error: 'phone_locked', retryAfter, header: retryAfter });
    expect(res.json()).toEqual({ success: false, error: 'phone_locked', retryAfter });
    expect(schemaErrors(apiSchemas.mfaLimitResponse, res.json())).toEqual([]);
    expect((await c.testDb.db.query('SELECT 1 FROM phone_verifications WHERE phone = $1', [phone.e164])).rows).toHaveLength(0);
    // Another phone is not affected.
    const other = await phoneWithCode();
    expect((await smsVerify(c.app, other.phone.national, other.code, newAddress())).json()).toEqual({ success: true });
  });

  it('starts the count again after a success', async () => {
    const first = await phoneWithCode();
    const { phone } = first;
    await fail(phone.national, first.code, 1);
    for (let n = 0; n < 3; n += 1) {
      c.clock.advance(21 * MINUTE_MS);
      await smsSend(c.app, phone.national, newAddress());
      await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', n < 2 ? 3 : 2);
    }
    // 9 failures so far; the right code is still checked, and passes.
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), newAddress())).json()).toEqual({ success: true });
    c.clock.advance(HOUR_MS);
    for (let n = 0; n < 3; n += 1) {
      await smsSend(c.app, phone.national, newAddress());
      await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 3);
    }
    // 9 failures since the success: the 10th guess, at the next hour's code, is still answered.
    c.clock.advance(HOUR_MS);
    await smsSend(c.app, phone.national, newAddress());
    await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 1);
    expect(refusalOf(await smsVerify(c.app, phone.national, '1234', newAddress()))).toMatchObject({ status: 429, error: 'phone_locked' });
  });

  it('locks for at least 24 hours, and never lets 11 failures into 30 days', async () => {
    const { phone, code } = await phoneWithCode();
    await fail(phone.national, code, 3);
    await smsSend(c.app, phone.national, newAddress());
    await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 3);
    await smsSend(c.app, phone.national, newAddress());
    await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 3);
    // The 10th failure 29 days 12 hours later: the first 9 leave the window in 12 hours, but the lock lasts 24.
    c.clock.advance(29 * DAY_MS + 12 * HOUR_MS);
    await smsSend(c.app, phone.national, newAddress());
    await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 1);
    expect(refusalOf(await smsVerify(c.app, phone.national, '1234', newAddress()))).toMatchObject({ error: 'phone_locked', retryAfter: 24 * 3600 });
    c.clock.advance(DAY_MS);
    // The first 9 are now out of the 30-day window: checks are answered again.
    await smsSend(c.app, phone.national, newAddress());
    await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 1);
    const res = await smsVerify(c.app, phone.national, '1234', newAddress());
    expect(res.statusCode).toBe(400);
  });

  it('counts the failures in the database: a new server process sees them', async () => {
    const { phone, code } = await phoneWithCode();
    await fail(phone.national, code, 3);
    for (let n = 0; n < 2; n += 1) {
      await smsSend(c.app, phone.national, newAddress());
      await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', n === 0 ? 3 : 2);
    }
    await c.app.close();
    Object.assign(c, await makeCodesApp(c.testDb.db, c.clock, { sms: c.sms }));
    // 8 failures before the restart, the code's 3rd check after it, then the 10th on the next hour's code.
    await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 1);
    c.clock.advance(HOUR_MS);
    await smsSend(c.app, phone.national, newAddress());
    await fail(phone.national, c.sms.lastCode(phone.e164) ?? '', 1);
    expect(refusalOf(await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), newAddress()))).toMatchObject({ status: 429, error: 'phone_locked' });
  });

  it('refuses the 31st check from one address within an hour with 429 too_many_checks, and the 91st within a day', async () => {
    const start = c.clock();
    const ip = newAddress();
    const phones = await Promise.all(Array.from({ length: 31 }, () => phoneWithCode()));
    for (let i = 0; i < 30; i += 1) {
      const { phone, code } = phones[i] ?? (await phoneWithCode());
      expect((await smsVerify(c.app, phone.national, code, ip)).statusCode, `check ${i + 1}`).toBe(200);
      c.clock.advance(MINUTE_MS / 6);
    }
    const last = phones[30] ?? (await phoneWithCode());
    const res = await smsVerify(c.app, last.phone.national, last.code, ip);
    expect(refusalOf(res)).toEqual({ status: 429, error: 'too_many_checks', retryAfter: 55 * 60, header: 55 * 60 });
    expect(schemaErrors(apiSchemas.mfaLimitResponse, res.json())).toEqual([]);
    // Refused before the code was looked at: it still works, and the phone counts no failure.
    expect((await smsVerify(c.app, last.phone.national, last.code, newAddress())).json()).toEqual({ success: true });

    // 60 more checks, 30 an hour, make 90 in the day; the 91st waits for the day's first to leave.
    for (let hour = 1; hour <= 2; hour += 1) {
      c.clock.set(start + hour * HOUR_MS + 5 * MINUTE_MS);
      for (let i = 0; i < 30; i += 1) expect((await smsVerify(c.app, uniquePhone().national, '1234', ip)).statusCode).toBe(400);
    }
    c.clock.set(start + 3 * HOUR_MS + 5 * MINUTE_MS);
    const wait = (DAY_MS - 3 * HOUR_MS - 5 * MINUTE_MS) / 1000;
    expect(refusalOf(await smsVerify(c.app, uniquePhone().national, '1234', ip))).toEqual({ status: 429, error: 'too_many_checks', retryAfter: wait, header: wait });
  });
});

describe('addresses for the limits', () => {
  it.each([
    ['203.0.113.7', 'ip:203.0.113.7'],
    ['::ffff:203.0.113.7', 'ip:203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', 'ip:2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::1', 'ip:2001:db8:1:2::/64'],
    ['2001:db8::1', 'ip:2001:db8:0:0::/64'],
    ['::1', 'ip:0:0:0:0::/64'],
    ['fe80::1%eth0', 'ip:fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', 'ip:64:ff9b:0:0::/64'],
  ])('%s counts as %s', (ip, subject) => {
    expect(ipSubject(ip)).toBe(subject);
  });
});

describe('IPv6 sites and ranges of numbers for the limits', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', 'site:2001:db8:1::/48'],
    ['2001:0DB8:0001:ffff::1', 'site:2001:db8:1::/48'],
    ['203.0.113.7', undefined],
    ['::ffff:203.0.113.7', undefined],
  ])('%s is also counted as %s', (ip, site) => {
    expect(siteSubject(ip)).toBe(site);
  });

  it.each([
    ['+12025550123', 'prefix:+1 202555'],
    ['+12025559876', 'prefix:+1 202555'],
    ['+17875551234', 'prefix:+1 787555'],
    ['+381641234567', 'prefix:+381 641234'],
  ])('%s is in the range %s', (phone, prefix) => {
    expect(prefixSubject(phone)).toBe(prefix);
  });
});
