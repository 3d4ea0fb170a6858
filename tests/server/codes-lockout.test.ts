// Lock-out of strangers' phones (issue 23, part 1): checks that could not have verified (no code sent, the code used,
// expired or out of checks, or a visitor checking a code someone else asked for) never count against the phone nor use
// the code's checks; they count against the address that made them. When a code dies its owner is told so
// (code_expired) and can ask for a new one at once.
import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../../server/routes/api-schemas.ts';
import { MINUTE_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, refusalOf, smsSendSolving, smsVerify } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { useCodesApp } from '../testing/codes-app.ts';

const EXPIRED = { success: false, error: 'code_expired' };
const INVALID = { success: false, error: 'invalid_code' };

describe.each(testDbKinds)("no lock-out of strangers' phones on %s", { timeout: 60_000 }, (kind) => {
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
    const send = await smsSendSolving(c.app, victim.national, owner);
    expect(send.statusCode).toBe(200);
    expect((await smsVerify(c.app, victim.national, c.sms.lastCode(victim.e164), owner, pendingCookie(send))).json()).toEqual({ success: true });
  });

  it("never compares a stranger's guess at the owner's live code: it keeps its 3 checks, and the phone counts no failure", async () => {
    const phone = uniquePhone();
    const send = await smsSendSolving(c.app, phone.national, owner);
    const code = c.sms.lastCode(phone.e164) ?? '';
    const wrong = code === '0000' ? '0001' : '0000';
    // Without a cookie, or with a stranger's of a code sent to another phone: never compared, even the right code.
    const stranger = pendingCookie(await smsSendSolving(c.app, uniquePhone().national, newAddress()));
    for (const cookie of [undefined, stranger]) {
      for (const guess of [wrong, wrong, wrong, code]) expect((await smsVerify(c.app, phone.national, guess, newAddress(), cookie)).json()).toEqual(EXPIRED);
    }
    expect((await c.testDb.db.query('SELECT 1 FROM limit_events WHERE subject = $1', [`phoneFailures phone:${phone.e164}`])).rows).toHaveLength(0);
    // The owner's code still has its 3 checks.
    expect((await smsVerify(c.app, phone.national, wrong, owner, pendingCookie(send))).json()).toEqual(INVALID);
    expect((await smsVerify(c.app, phone.national, wrong, owner, pendingCookie(send))).json()).toEqual(INVALID);
    expect((await smsVerify(c.app, phone.national, code, owner, pendingCookie(send))).json()).toEqual({ success: true });
  });

  it('tells the owner a code killed by 3 wrong guesses is no longer valid, and lets them ask for a new one at once', async () => {
    const phone = uniquePhone();
    const send = await smsSendSolving(c.app, phone.national, owner);
    expect(send.statusCode).toBe(200);
    const cookie = pendingCookie(send);
    const code = c.sms.lastCode(phone.e164) ?? '';
    const wrong = code === '0000' ? '0001' : '0000';
    expect((await smsVerify(c.app, phone.national, wrong, owner, cookie)).json()).toEqual(INVALID);
    expect((await smsVerify(c.app, phone.national, wrong, owner, cookie)).json()).toEqual(INVALID);
    // The third wrong guess uses the code up: the answer says so.
    expect((await smsVerify(c.app, phone.national, wrong, owner, cookie)).json()).toEqual(EXPIRED);
    // The owner's right code is refused as no longer valid, not as wrong.
    expect((await smsVerify(c.app, phone.national, code, owner, cookie)).json()).toEqual(EXPIRED);
    c.clock.advance(MINUTE_MS);
    const again = await smsSendSolving(c.app, phone.national, owner, '+1', cookie);
    expect(again.statusCode).toBe(200);
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), owner, pendingCookie(again))).json()).toEqual({ success: true });
  });

  it('answers code_expired for a used or expired code and never counts those checks against the phone', async () => {
    const phone = uniquePhone();
    const used = pendingCookie(await smsSendSolving(c.app, phone.national, owner));
    const code = c.sms.lastCode(phone.e164) ?? '';
    expect((await smsVerify(c.app, phone.national, code, owner, used)).json()).toEqual({ success: true });
    // 30 checks of a used code, then of an expired one: none could have verified.
    for (let i = 0; i < 30; i += 1) expect((await smsVerify(c.app, phone.national, '1234', newAddress(), used)).json()).toEqual(EXPIRED);
    c.clock.advance(MINUTE_MS);
    const expired = pendingCookie(await smsSendSolving(c.app, phone.national, owner));
    c.clock.advance(11 * MINUTE_MS);
    for (let i = 0; i < 30; i += 1) expect((await smsVerify(c.app, phone.national, '1234', newAddress(), expired)).json()).toEqual(EXPIRED);
    const live = pendingCookie(await smsSendSolving(c.app, phone.national, owner));
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), owner, live)).json()).toEqual({ success: true });
    const { rows } = await c.testDb.db.query('SELECT 1 FROM limit_events WHERE subject = $1', [`phoneFailures phone:${phone.e164}`]);
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
