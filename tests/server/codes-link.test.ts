// The owner's way back (issue 23, part 1): every code text carries a link (/verify/{token}) that confirms that very send.
// Strangers who use up a phone's 10 wrong guesses of the month stop its codes being checked (403 confirm_by_link), not
// its owner: the owner's own send still goes out, its link confirms it, and their code step, which asks
// POST /api/user/mfa-sms-confirmed, gets the verification cookie as mfa-sms-verify would give it. The link confirms only
// in the browser that asked for the code (issue 23, part 5): a stranger who asks for a code to someone's phone and gets
// them to tap the link is verified by nothing.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../../server/routes/api-schemas.ts';
import { useCodesApp } from '../testing/codes-app.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, send, smsConfirmed, smsLinkOpened, smsSend, smsSendSolving, smsVerify, verificationCookie } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { testDbKinds } from '../testing/test-db.ts';

const CONFIRM_BY_LINK = { success: false, error: 'confirm_by_link' };
const wrongFor = (code: string | undefined) => (code === '0000' ? '0001' : '0000');

describe.each(testDbKinds)('the link of a code text on %s', { timeout: 30_000 }, (kind) => {
  const c = useCodesApp(kind);

  let addressCounter = 0;
  /** A fresh address for every request: no per-address limit ever holds the attacker back. */
  const fresh = () => `10.${(addressCounter >> 8) & 255}.${(addressCounter += 1) & 255}.9`;
  const owner = '203.0.113.50';

  /**
   * One send to phone from a fresh address and `guesses` wrong guesses at its code, each from another fresh address but
   * with the send's own cookie (the strongest attacker: a check without it cannot verify, so it is never compared).
   * Returns how many guesses were compared with the code: answered invalid_code, or code_expired on the code's 3rd check.
   */
  const attack = async (national: string, e164: string, guesses: number): Promise<{ sent: boolean; compared: number }> => {
    const res = await smsSend(c.app, national, fresh());
    if (res.statusCode !== 200) return { sent: false, compared: 0 };
    const cookie = pendingCookie(res);
    const code = c.sms.lastCode(e164);
    let compared = 0;
    for (let i = 0; i < guesses; i += 1) {
      const check = await smsVerify(c.app, national, wrongFor(code), fresh(), cookie);
      if (check.statusCode === 400) compared += 1;
      else expect(check.json(), `guess ${i + 1}`).toEqual(CONFIRM_BY_LINK);
    }
    return { sent: true, compared };
  };

  /**
   * The owner asks for a code from their own address and browser (doing the proof of work their browser is asked for
   * once strangers filled the phone's limits); returns their cookie and the text's code and link.
   */
  const ownerSends = async (phone: ReturnType<typeof uniquePhone>) => {
    const res = await smsSendSolving(c.app, phone.national, owner);
    expect(res.statusCode, res.body).toBe(200);
    return { cookie: pendingCookie(res), code: c.sms.lastCode(phone.e164), token: c.sms.lastLink(phone.e164) };
  };

  /** The verification a response's cookie carries opens GET /api/privacy/data (a verification of the last 15 minutes). */
  const opensPrivacyData = async (res: LightMyRequestResponse) =>
    (await send(c.app, 'GET', '/api/privacy/data', { cookie: verificationCookie(res) })).statusCode === 200;

  it("lets the owner verify by the link after the reviewer's attack, and gives a second wave no more guesses in 30 days", async () => {
    const victim = uniquePhone();
    const start = c.clock();
    // /tmp/rev/lock.mts: 4 sends and 10 wrong guesses from 14 addresses over 61 minutes (3 codes, 3 guesses each, then
    // the 10th guess at a 4th code an hour later).
    let compared = 0;
    for (let round = 0; round < 4; round += 1) {
      if (round === 3) c.clock.advance(61 * MINUTE_MS);
      const { sent, compared: n } = await attack(victim.national, victim.e164, round === 3 ? 1 : 3);
      expect(sent, `attacker send ${round + 1}`).toBe(true);
      compared += n;
    }
    expect({ compared, addresses: addressCounter }).toEqual({ compared: 10, addresses: 14 });

    // The owner: the send goes out; the code is not checked any more (those 10 were the phone's month), the answer says
    // to tap the link; the link confirms the owner's send, and the code step's next question gets the verification.
    c.clock.advance(MINUTE_MS);
    const mine = await ownerSends(victim);
    const refused = await smsVerify(c.app, victim.national, mine.code, owner, mine.cookie);
    expect({ status: refused.statusCode, body: refused.json<unknown>() }).toEqual({ status: 403, body: CONFIRM_BY_LINK });
    expect(schemaErrors(apiSchemas.mfaFailureResponse, refused.json())).toEqual([]);
    expect((await smsConfirmed(c.app, mine.cookie, owner)).json()).toEqual({ confirmed: false });
    expect(mine.token).toMatch(/^[\w-]{22,}$/);
    // Opened on the device, and in the browser, that asked (from another address: the phone moved to its data network).
    expect((await smsLinkOpened(c.app, mine.token, '192.0.2.99', mine.cookie)).json()).toEqual({ success: true });
    const confirmed = await smsConfirmed(c.app, mine.cookie, owner);
    expect(confirmed.json()).toEqual({ confirmed: true });
    expect(await opensPrivacyData(confirmed)).toBe(true);
    // The code step then goes on: its Next (mfa-sms-verify) passes for the send its link confirmed.
    expect((await smsVerify(c.app, victim.national, mine.code, owner, mine.cookie)).json()).toEqual({ success: true });

    // A second wave, a send every 12 hours with 3 guesses each until 30 days after the first wave began: none compared.
    let secondWave = 0;
    let sends = 0;
    for (let at = c.clock() + 12 * HOUR_MS; at < start + 30 * DAY_MS; at += 12 * HOUR_MS) {
      c.clock.set(at);
      const { sent, compared: n } = await attack(victim.national, victim.e164, 3);
      if (sent) sends += 1;
      secondWave += n;
    }
    expect(sends).toBeGreaterThan(55);
    expect(secondWave).toBe(0);

    // The owner is never shut out meanwhile: a send and its link verify them on the last day too.
    const last = await ownerSends(victim);
    expect((await smsLinkOpened(c.app, last.token, owner, last.cookie)).statusCode).toBe(200);
    expect(await opensPrivacyData(await smsConfirmed(c.app, last.cookie, owner))).toBe(true);
    // Once the first wave's guesses are 30 days old, codes are checked again: 10 guesses in any 30 days at most.
    c.clock.set(start + 30 * DAY_MS + 62 * MINUTE_MS);
    expect((await attack(victim.national, victim.e164, 3)).compared).toBe(3);
  }, 120_000);

  it("never verifies a stranger's browser: the link confirms its send only when opened in the browser that asked for it", async () => {
    const phone = uniquePhone();
    // Browser A, a stranger's, asks for a code to the owner's phone; the owner taps the text's link on the phone (browser
    // B, which never asked: no cf_pending), as a stranger who gets them to would want.
    const strangerIp = fresh();
    const stranger = await smsSend(c.app, phone.national, strangerIp);
    expect(stranger.statusCode, stranger.body).toBe(200);
    const strangerCookie = pendingCookie(stranger);
    const strangerToken = c.sms.lastLink(phone.e164);
    const strangerCode = c.sms.lastCode(phone.e164);
    const onOwnersPhone = await smsLinkOpened(c.app, strangerToken, owner);
    expect({ status: onOwnersPhone.statusCode, body: onOwnersPhone.json<unknown>() }).toEqual({
      status: 403,
      body: { success: false, error: 'other_browser' },
    });
    expect(schemaErrors(apiSchemas.mfaFailureResponse, onOwnersPhone.json())).toEqual([]);
    expect(verificationCookie(onOwnersPhone)).toBeUndefined();
    // Nothing came of it for the stranger: their code step's question, and their Next with any code, verify nothing.
    const asked = await smsConfirmed(c.app, strangerCookie, strangerIp);
    expect(asked.json()).toEqual({ confirmed: false });
    expect(verificationCookie(asked)).toBeUndefined();
    const guessed = await smsVerify(c.app, phone.national, wrongFor(strangerCode), strangerIp, strangerCookie);
    expect(guessed.json()).toEqual({ success: false, error: 'invalid_code' });
    expect(verificationCookie(guessed)).toBeUndefined();

    // The owner's browser holding a send of its own to the phone does not confirm the stranger's either, nor its own.
    const mine = await ownerSends(phone);
    const inOwnersBrowser = await smsLinkOpened(c.app, strangerToken, owner, mine.cookie);
    expect(inOwnersBrowser.json()).toEqual({ success: false, error: 'other_browser' });
    expect((await smsConfirmed(c.app, strangerCookie, strangerIp)).json()).toEqual({ confirmed: false });
    expect((await smsConfirmed(c.app, mine.cookie, owner)).json()).toEqual({ confirmed: false });
    // Nor does a browser with a forged cookie, nor the stranger's cookie for the owner's link.
    expect((await smsLinkOpened(c.app, mine.token, owner, `cf_pending=${'A'.repeat(43)}.1.${'A'.repeat(43)}`)).statusCode).toBe(403);
    expect((await smsLinkOpened(c.app, mine.token, strangerIp, strangerCookie)).statusCode).toBe(403);
    expect((await smsConfirmed(c.app, strangerCookie, strangerIp)).json()).toEqual({ confirmed: false });

    // Opened in the browser that asked, the link confirms that browser's send, and only that browser is verified.
    const inMine = await smsLinkOpened(c.app, mine.token, owner, mine.cookie);
    expect(inMine.json()).toEqual({ success: true });
    expect(verificationCookie(inMine)).toBeUndefined();
    expect((await smsConfirmed(c.app, strangerCookie, strangerIp)).json()).toEqual({ confirmed: false });
    const verified = await smsConfirmed(c.app, mine.cookie, owner);
    expect(verified.json()).toEqual({ confirmed: true });
    expect(await opensPrivacyData(verified)).toBe(true);
  });

  it('confirms only its own send, for the visitor who asked for it, and only while its code lives', async () => {
    const phone = uniquePhone();
    const mine = await ownerSends(phone);
    // Another visitor's send to the same phone has its own link; opening the owner's confirms nothing of theirs.
    const other = await smsSend(c.app, phone.national, fresh());
    const otherCookie = pendingCookie(other);
    expect((await smsLinkOpened(c.app, mine.token, owner, mine.cookie)).json()).toEqual({ success: true });
    expect((await smsConfirmed(c.app, otherCookie)).json()).toEqual({ confirmed: false });
    expect(verificationCookie(await smsConfirmed(c.app, otherCookie))).toBeUndefined();
    expect((await smsConfirmed(c.app, undefined)).json()).toEqual({ confirmed: false });
    // The owner's step gets one verification; asking again confirms without another.
    const first = await smsConfirmed(c.app, mine.cookie, owner);
    expect(verificationCookie(first)).toBeDefined();
    const again = await smsConfirmed(c.app, mine.cookie, owner);
    expect(again.json()).toEqual({ confirmed: true });
    expect(verificationCookie(again)).toBeUndefined();
    // A used link, an unknown one and one whose code is 10 minutes old confirm nothing.
    expect((await smsLinkOpened(c.app, mine.token, owner, mine.cookie)).json()).toEqual({ success: false, error: 'link_expired' });
    expect((await smsLinkOpened(c.app, 'AAAAAAAAAAAAAAAAAAAAAA', owner, mine.cookie)).statusCode).toBe(404);
    const late = await ownerSends(uniquePhone());
    c.clock.advance(10 * MINUTE_MS);
    const expired = await smsLinkOpened(c.app, late.token, owner, late.cookie);
    expect({ status: expired.statusCode, body: expired.json<unknown>() }).toEqual({ status: 404, body: { success: false, error: 'link_expired' } });
    expect((await smsConfirmed(c.app, late.cookie, owner)).json()).toEqual({ confirmed: false });
  });

  it('keeps the link working after its code had 3 wrong checks; a send its link confirmed verifies whatever is typed', async () => {
    const phone = uniquePhone();
    const mine = await ownerSends(phone);
    for (let i = 0; i < 3; i += 1) await smsVerify(c.app, phone.national, wrongFor(mine.code), owner, mine.cookie);
    expect((await smsVerify(c.app, phone.national, mine.code, owner, mine.cookie)).json()).toEqual({ success: false, error: 'code_expired' });
    expect((await smsLinkOpened(c.app, mine.token, owner, mine.cookie)).json()).toEqual({ success: true });
    expect(await opensPrivacyData(await smsConfirmed(c.app, mine.cookie, owner))).toBe(true);

    // Whatever is then typed, the send its link confirmed verifies its visitor, once, for its own phone only.
    const other = uniquePhone();
    const next = await ownerSends(other);
    expect((await smsLinkOpened(c.app, next.token, owner, next.cookie)).json()).toEqual({ success: true });
    expect((await smsVerify(c.app, phone.national, wrongFor(next.code), owner, next.cookie)).json()).toEqual({ success: false, error: 'code_expired' });
    const typed = await smsVerify(c.app, other.national, wrongFor(next.code), owner, next.cookie);
    expect(typed.json()).toEqual({ success: true });
    expect(await opensPrivacyData(typed)).toBe(true);
  });
});
