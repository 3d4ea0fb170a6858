// Checking codes, with a fake clock: a code lasts 10 minutes and 3 checks, for the visitor who asked for it (the send's
// cf_pending cookie); a phone's codes take 10 wrong guesses in any 30 days, then are no longer compared (403
// confirm_by_link: the text's link confirms the owner, codes-link.test.ts), whoever verified in between; a requester
// (visitor, address, /48) is held back after 6 wrong guesses in 10 minutes; an address gets 30 checks an hour and 90 a day.
import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../../server/routes/api-schemas.ts';
import { countryKey, ipKey, networkKey, prefixKey } from '../../server/limits/policies.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, refusalOf, smsSendSolving, smsVerify } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { useCodesApp } from '../testing/codes-app.ts';
import { makeCodesApp } from '../testing/test-servers.ts';

const CONFIRM_BY_LINK = { success: false, error: 'confirm_by_link' };

describe.each(testDbKinds)('checking codes on %s', { timeout: 60_000 }, (kind) => {
  const c = useCodesApp(kind);

  let addressCounter = 0;
  // Each in its own /24, so that no network's send limits ask the tests' senders for a proof of work.
  const newAddress = () => `203.0.${(addressCounter += 1) & 255}.${1 + ((addressCounter >> 8) & 127)}`;
  interface Sent {
    code: string;
    cookie: string | undefined;
  }
  /** Sends a code to phone from a new address, as a new visitor; returns its code and the visitor's cookie. */
  const sendTo = async (national: string, e164: string): Promise<Sent> => {
    const res = await smsSendSolving(c.app, national, newAddress());
    expect(res.statusCode, res.body).toBe(200);
    return { code: c.sms.lastCode(e164) ?? 'none', cookie: pendingCookie(res) };
  };
  /** Sends a code to a new phone from a new address; returns the phone, the code and the visitor's cookie. */
  const phoneWithCode = async () => {
    const phone = uniquePhone();
    return { phone, ...(await sendTo(phone.national, phone.e164)) };
  };
  const wrongFor = (code: string) => (code === '0000' ? '0001' : '0000');
  /** n wrong checks of the code sent, by its visitor from new addresses; each answered 400 (invalid_code, or code_expired once dead). */
  const fail = async (national: string, { code, cookie }: Sent, n: number) => {
    for (let i = 0; i < n; i += 1) {
      const res = await smsVerify(c.app, national, wrongFor(code), newAddress(), cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(['invalid_code', 'code_expired']).toContain(res.json<{ error: string }>().error);
    }
  };
  /** 10 wrong guesses at phone's codes: 3 codes with 3 each, then the 10th at a 4th code 10 minutes later. */
  const tenFailures = async (phone: ReturnType<typeof uniquePhone>) => {
    for (let n = 0; n < 3; n += 1) await fail(phone.national, await sendTo(phone.national, phone.e164), 3);
    c.clock.advance(10 * MINUTE_MS);
    const last = await sendTo(phone.national, phone.e164);
    await fail(phone.national, last, 1);
    return last;
  };

  it('accepts a code until 10 minutes after it was sent, and not from then on', async () => {
    const a = await phoneWithCode();
    const b = await phoneWithCode();
    c.clock.advance(10 * MINUTE_MS - 1);
    expect((await smsVerify(c.app, a.phone.national, a.code, newAddress(), a.cookie)).json()).toEqual({ success: true });
    c.clock.advance(1);
    const late = await smsVerify(c.app, b.phone.national, b.code, newAddress(), b.cookie);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ success: false, error: 'code_expired' });
  });

  it('checks a code 3 times at most: the 4th check fails even with the right code, and a new code works', async () => {
    const sent = await phoneWithCode();
    const { phone } = sent;
    await fail(phone.national, sent, 3);
    expect((await smsVerify(c.app, phone.national, sent.code, newAddress(), sent.cookie)).json()).toEqual({ success: false, error: 'code_expired' });
    const { rows } = await c.testDb.db.query<{ attempts: number }>('SELECT attempts FROM sms_codes WHERE phone = $1', [phone.e164]);
    expect(rows[0]?.attempts).toBe(3);
    const again = await smsSendSolving(c.app, phone.national, newAddress(), '+1', sent.cookie);
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), newAddress(), pendingCookie(again))).json()).toEqual({ success: true });
  });

  it('compares no more codes of a phone after 10 wrong guesses at codes it was sent: 403 confirm_by_link, even for the right code; sends go on', async () => {
    const phone = uniquePhone();
    const last = await tenFailures(phone);
    const res = await smsVerify(c.app, phone.national, last.code, newAddress(), last.cookie);
    expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({ status: 403, body: CONFIRM_BY_LINK });
    expect(res.headers['retry-after']).toBeUndefined();
    expect(schemaErrors(apiSchemas.mfaFailureResponse, res.json())).toEqual([]);
    expect((await c.testDb.db.query('SELECT 1 FROM phone_verifications WHERE phone = $1', [phone.e164])).rows).toHaveLength(0);
    // Not a lock: the owner's next code goes out (with its link), and its checks say to use the link.
    c.clock.advance(10 * MINUTE_MS);
    const owner = await sendTo(phone.national, phone.e164);
    expect((await smsVerify(c.app, phone.national, owner.code, newAddress(), owner.cookie)).json()).toEqual(CONFIRM_BY_LINK);
    // Another phone is not affected.
    const other = await phoneWithCode();
    expect((await smsVerify(c.app, other.phone.national, other.code, newAddress(), other.cookie)).json()).toEqual({ success: true });
  });

  it('does not start the count again after a success: 10 wrong guesses in any 30 days, whoever verified between them', async () => {
    const phone = uniquePhone();
    for (let n = 0; n < 3; n += 1) await fail(phone.national, await sendTo(phone.national, phone.e164), 3);
    // 9 failures; the owner's right code is still compared, and passes.
    c.clock.advance(10 * MINUTE_MS);
    const owner = await sendTo(phone.national, phone.e164);
    expect((await smsVerify(c.app, phone.national, owner.code, newAddress(), owner.cookie)).json()).toEqual({ success: true });
    // The 10th wrong guess is compared, the 11th is not.
    const next = await sendTo(phone.national, phone.e164);
    await fail(phone.national, next, 1);
    expect((await smsVerify(c.app, phone.national, wrongFor(next.code), newAddress(), next.cookie)).json()).toEqual(CONFIRM_BY_LINK);
  });

  it('compares codes again once the oldest of the 10 wrong guesses is 30 days old', async () => {
    const phone = uniquePhone();
    for (let n = 0; n < 3; n += 1) await fail(phone.national, await sendTo(phone.national, phone.e164), 3);
    // The 10th failure 29 days 12 hours later.
    c.clock.advance(29 * DAY_MS + 12 * HOUR_MS);
    await fail(phone.national, await sendTo(phone.national, phone.e164), 1);
    const waiting = await sendTo(phone.national, phone.e164);
    expect((await smsVerify(c.app, phone.national, waiting.code, newAddress(), waiting.cookie)).json()).toEqual(CONFIRM_BY_LINK);
    // 12 hours on, the first 9 are out of the window: the code is compared again.
    c.clock.advance(12 * HOUR_MS);
    const owner = await sendTo(phone.national, phone.e164);
    expect((await smsVerify(c.app, phone.national, owner.code, newAddress(), owner.cookie)).json()).toEqual({ success: true });
  });

  it('counts the failures in the database: a new server process sees them', async () => {
    const phone = uniquePhone();
    for (let n = 0; n < 3; n += 1) await fail(phone.national, await sendTo(phone.national, phone.e164), n === 2 ? 2 : 3);
    await c.app.close();
    Object.assign(c, await makeCodesApp(c.testDb.db, c.clock, { sms: c.sms }));
    // 8 failures before the restart, then 2 more at the next code.
    c.clock.advance(10 * MINUTE_MS);
    const sent = await sendTo(phone.national, phone.e164);
    await fail(phone.national, sent, 2);
    expect((await smsVerify(c.app, phone.national, sent.code, newAddress(), sent.cookie)).json()).toEqual(CONFIRM_BY_LINK);
  });

  it('holds a requester back after 6 wrong guesses in 10 minutes: its visitor from any address, its address for any visitor', async () => {
    // One visitor, a new address for each guess: 2 codes, 3 wrong guesses each.
    const phone = uniquePhone();
    let sent = await sendTo(phone.national, phone.e164);
    await fail(phone.national, sent, 3);
    const again = await smsSendSolving(c.app, phone.national, newAddress(), '+1', sent.cookie);
    sent = { code: c.sms.lastCode(phone.e164) ?? '', cookie: pendingCookie(again) };
    await fail(phone.national, sent, 3);
    c.clock.advance(MINUTE_MS);
    const third = await smsSendSolving(c.app, phone.national, newAddress(), '+1', sent.cookie);
    const held = await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), newAddress(), pendingCookie(third));
    expect(refusalOf(held)).toEqual({ status: 429, error: 'too_many_checks', retryAfter: 9 * 60, header: 9 * 60 });
    c.clock.advance(9 * MINUTE_MS);
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), newAddress(), pendingCookie(third))).json()).toEqual({ success: true });

    // One address, a new visitor and phone for each guess.
    const ip = newAddress();
    for (let i = 0; i < 6; i += 1) {
      const { phone: p, code, cookie } = await phoneWithCode();
      expect((await smsVerify(c.app, p.national, wrongFor(code), ip, cookie)).json()).toEqual({ success: false, error: 'invalid_code' });
    }
    const next = await phoneWithCode();
    expect(refusalOf(await smsVerify(c.app, next.phone.national, next.code, ip, next.cookie))).toMatchObject({ status: 429, error: 'too_many_checks' });
    // Refused before the code was looked at: from elsewhere it still works.
    expect((await smsVerify(c.app, next.phone.national, next.code, newAddress(), next.cookie)).json()).toEqual({ success: true });
  });

  it('refuses the 31st check from one address within an hour with 429 too_many_checks, and the 91st within a day', async () => {
    const start = c.clock();
    const ip = newAddress();
    const phones = await Promise.all(Array.from({ length: 31 }, () => phoneWithCode()));
    for (let i = 0; i < 30; i += 1) {
      const { phone, code, cookie } = phones[i] ?? (await phoneWithCode());
      expect((await smsVerify(c.app, phone.national, code, ip, cookie)).statusCode, `check ${i + 1}`).toBe(200);
      c.clock.advance(MINUTE_MS / 6);
    }
    const last = phones[30] ?? (await phoneWithCode());
    const res = await smsVerify(c.app, last.phone.national, last.code, ip, last.cookie);
    expect(refusalOf(res)).toEqual({ status: 429, error: 'too_many_checks', retryAfter: 55 * 60, header: 55 * 60 });
    expect(schemaErrors(apiSchemas.mfaLimitResponse, res.json())).toEqual([]);
    // Refused before the code was looked at: it still works, and the phone counts no failure.
    expect((await smsVerify(c.app, last.phone.national, last.code, newAddress(), last.cookie)).json()).toEqual({ success: true });

    // 60 more checks, 30 an hour, make 90 in the day; the 91st waits for the day's first to leave.
    for (let hour = 1; hour <= 2; hour += 1) {
      c.clock.set(start + hour * HOUR_MS + 5 * MINUTE_MS);
      for (let i = 0; i < 30; i += 1) expect((await smsVerify(c.app, uniquePhone().national, '1234', ip)).statusCode).toBe(400);
    }
    c.clock.set(start + 3 * HOUR_MS + 5 * MINUTE_MS);
    const wait = (DAY_MS - 3 * HOUR_MS - 5 * MINUTE_MS) / 1000;
    expect(refusalOf(await smsVerify(c.app, uniquePhone().national, '1234', ip))).toEqual({
      status: 429,
      error: 'too_many_checks',
      retryAfter: wait,
      header: wait,
    });
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
    expect(ipKey(ip)).toBe(subject);
  });
});

describe('networks, ranges of numbers and countries for the limits', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', 'site:2001:db8:1::/48'],
    ['2001:0DB8:0001:ffff::1', 'site:2001:db8:1::/48'],
    ['203.0.113.7', 'net:203.0.113.0/24'],
    ['::ffff:203.0.113.7', 'net:203.0.113.0/24'],
  ])('%s sends are also counted as %s', (ip, network) => {
    expect(networkKey(ip)).toBe(network);
  });

  it.each([
    ['+12025550123', 'country:+1'],
    ['+17875550123', 'country:+1'],
    ['+381641234567', 'country:+381'],
  ])('%s counts against %s', (phone, country) => {
    expect(countryKey(phone)).toBe(country);
  });

  it.each([
    ['+12025550123', 'prefix:+1 202555'],
    ['+12025559876', 'prefix:+1 202555'],
    ['+17875551234', 'prefix:+1 787555'],
    ['+381641234567', 'prefix:+381 641234'],
  ])('%s is in the range %s', (phone, prefix) => {
    expect(prefixKey(phone)).toBe(prefix);
  });
});
