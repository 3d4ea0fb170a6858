// Limits on sending codes, with a fake clock: 3 in 10 minutes and 50 a day per phone, 5 an hour and 20 a day per
// address, 20 and 60 per network (the range and the country: sms-pumping.test.ts). Past a limit nobody is refused: the
// send answers 428 challenge_required with a proof of work, sends nothing and keeps the last code; solved (X-Altcha),
// it goes through; the work doubles for every further limit's worth. A solution is good for one send to its phone.
import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../../server/routes/api-schemas.ts';
import { DAY_MS, MINUTE_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, smsSend, smsVerify, solution, verificationCookie } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { useCodesApp } from '../testing/codes-app.ts';
import { makeCodesApp } from '../testing/test-servers.ts';

const TEST_PHONE = '+12025550199';

describe.each(testDbKinds)('sending codes on %s', { timeout: 60_000 }, (kind) => {
  const c = useCodesApp(kind, { config: { testPhone: TEST_PHONE } });

  /** A different address per test, each in its own /24, so that only the limit under test is met. */
  let addressCounter = 0;
  const newAddress = () => `198.51.${(addressCounter += 1)}.7`;
  /** The proof-of-work level a 428 asks for (the work doubles at each). */
  const levelOf = (res: { json: () => unknown }) => Math.log2(Number((res.json() as { challenge: { maxnumber: number } }).challenge.maxnumber) / 50_000) + 1;

  it('asks for a proof of work at the 4th send to a phone within 10 minutes, from any address; solved, the code goes', async () => {
    const phone = uniquePhone();
    const ip = newAddress();
    for (let i = 0; i < 3; i += 1) {
      expect((await smsSend(c.app, phone.national, ip)).statusCode).toBe(200);
      c.clock.advance(MINUTE_MS);
    }
    const sent = c.sms.sent.length;
    const res = await smsSend(c.app, phone.national, ip);
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({ success: false, error: 'challenge_required', challenge: { algorithm: 'SHA-256', maxnumber: 50_000 } });
    expect(schemaErrors(apiSchemas.mfaChallengeResponse, res.json())).toEqual([]);
    expect(res.body).not.toContain(phone.national);
    expect(c.sms.sent.length).toBe(sent);
    // Another address is asked too (the limit is the phone's), and gets its code once it solves it: a stranger's three
    // sends cost the owner a second of work, not 10 minutes of waiting.
    const owner = newAddress();
    const asked = await smsSend(c.app, phone.national, owner);
    expect(asked.statusCode).toBe(428);
    const solved = await smsSend(c.app, phone.national, owner, '+1', undefined, await solution(asked));
    expect(solved.json()).toEqual({ success: true });
    expect(c.sms.sent.length).toBe(sent + 1);
    expect((await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), owner, pendingCookie(solved))).json()).toEqual({ success: true });
    // 10 minutes after the last send, no work is asked.
    c.clock.advance(10 * MINUTE_MS);
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(200);
  });

  it('keeps the last code working when a send asks for a proof of work', async () => {
    const phone = uniquePhone();
    let cookie: string | undefined;
    for (let i = 0; i < 3; i += 1) cookie = pendingCookie(await smsSend(c.app, phone.national, newAddress()));
    const code = c.sms.lastCode(phone.e164);
    expect((await smsSend(c.app, phone.national, newAddress(), '+1', cookie)).statusCode).toBe(428);
    expect(c.sms.lastCode(phone.e164)).toBe(code);
    expect((await smsVerify(c.app, phone.national, code, newAddress(), cookie)).json()).toEqual({ success: true });
  });

  it('asks twice the work for every further limit’s worth: 51st send to a phone in a day, then the 101st', async () => {
    const phone = uniquePhone();
    // One send every 6 minutes meets neither the phone's 3 in 10 minutes nor its range's 10 an hour: 50 take 5 hours.
    for (let i = 0; i < 50; i += 1) {
      expect((await smsSend(c.app, phone.national, newAddress())).statusCode, `send ${i + 1}`).toBe(200);
      c.clock.advance(6 * MINUTE_MS);
    }
    const res = await smsSend(c.app, phone.national, newAddress());
    expect(levelOf(res)).toBe(1);
    // 50 more, 12 minutes apart, each solved as a determined stranger would (written straight to the limits' table here
    // to save the work).
    await c.testDb.db.query(
      `INSERT INTO limit_events (subject, at)
       SELECT $1, $2::timestamptz - make_interval(mins => 11 + 12 * k) FROM generate_series(0, 49) k`,
      [`phoneSends phone:${phone.e164}`, new Date(c.clock()).toISOString()],
    );
    expect(levelOf(await smsSend(c.app, phone.national, newAddress()))).toBe(2);
    // A day later, all have left the window.
    c.clock.advance(DAY_MS);
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(200);
  });

  it('asks at the 6th send from one address within an hour, to any phone; the phone itself is not held against', async () => {
    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode).toBe(200);
      c.clock.advance(MINUTE_MS);
    }
    const phone = uniquePhone();
    expect((await smsSend(c.app, phone.national, ip)).statusCode).toBe(428);
    expect(c.sms.lastCode(phone.e164)).toBeUndefined();
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(200);
    c.clock.advance(55 * MINUTE_MS);
    expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode).toBe(200);
  });

  it('asks at the 21st send from one address within a day, and at the 21st from one /24 within an hour', async () => {
    const ip = newAddress();
    // 5 an hour: sends 13 minutes apart stay under it, 20 of them take 4 hours 20 minutes.
    for (let i = 0; i < 20; i += 1) {
      expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode, `send ${i + 1}`).toBe(200);
      c.clock.advance(13 * MINUTE_MS);
    }
    expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode).toBe(428);
    // 20 addresses of one /24, one send each; the 21st address of it is asked.
    for (let i = 1; i <= 20; i += 1) expect((await smsSend(c.app, uniquePhone().national, `192.0.2.${i}`)).statusCode).toBe(200);
    expect((await smsSend(c.app, uniquePhone().national, '192.0.2.21')).statusCode).toBe(428);
    expect((await smsSend(c.app, uniquePhone().national, '192.0.3.21')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped IPv6 address as its IPv4 one', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await smsSend(c.app, uniquePhone().national, `2001:db8:1:2:${i.toString(16)}::${i + 1}`)).statusCode).toBe(200);
    }
    expect((await smsSend(c.app, uniquePhone().national, '2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).statusCode).toBe(428);
    expect((await smsSend(c.app, uniquePhone().national, '2001:db8:1:3::1')).statusCode).toBe(200);

    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) await smsSend(c.app, uniquePhone().national, i % 2 ? ip : `::ffff:${ip}`);
    expect((await smsSend(c.app, uniquePhone().national, ip)).statusCode).toBe(428);
  });

  it('takes a solution once, for its own phone, for 10 minutes; a forged one is asked again', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 3; i += 1) await smsSend(c.app, phone.national, newAddress());
    const asked = await smsSend(c.app, phone.national, newAddress());
    const header = await solution(asked);
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(header, 'base64').toString()), number: 1 })).toString('base64');
    for (const bad of [forged, 'not base64 json', Buffer.from('{"number":1}').toString('base64')]) {
      expect((await smsSend(c.app, phone.national, newAddress(), '+1', undefined, bad)).statusCode).toBe(428);
    }
    // Another phone's limit full too: the solution of this one's challenge does not send there.
    const other = uniquePhone();
    for (let i = 0; i < 3; i += 1) await smsSend(c.app, other.national, newAddress());
    expect((await smsSend(c.app, other.national, newAddress(), '+1', undefined, header)).statusCode).toBe(428);
    expect((await smsSend(c.app, phone.national, newAddress(), '+1', undefined, header)).statusCode).toBe(200);
    expect((await smsSend(c.app, phone.national, newAddress(), '+1', undefined, header)).statusCode).toBe(428);
    const late = await solution(await smsSend(c.app, phone.national, newAddress()));
    c.clock.advance(10 * MINUTE_MS);
    for (let i = 0; i < 3; i += 1) await smsSend(c.app, phone.national, newAddress());
    expect((await smsSend(c.app, phone.national, newAddress(), '+1', undefined, late)).statusCode).toBe(428);
  });

  it('asks nothing of the browser that verified the phone in the last day, however many codes strangers asked', async () => {
    const phone = uniquePhone();
    const first = await smsSend(c.app, phone.national, newAddress());
    const verified = await smsVerify(c.app, phone.national, c.sms.lastCode(phone.e164), newAddress(), pendingCookie(first));
    const owner = verificationCookie(verified);
    for (let i = 0; i < 3; i += 1) await smsSend(c.app, phone.national, newAddress());
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(428);
    expect((await smsSend(c.app, phone.national, newAddress(), '+1', owner)).statusCode).toBe(200);
  });

  it('sends codes to a phone whatever wrong guesses it had: no lock, each text carries its link', async () => {
    const phone = uniquePhone();
    const guessWrong = async (cookie: string | undefined, n: number) => {
      const code = c.sms.lastCode(phone.e164);
      for (let i = 0; i < n; i += 1)
        expect((await smsVerify(c.app, phone.national, code === '0000' ? '0001' : '0000', newAddress(), cookie)).statusCode).toBe(400);
    };
    for (let i = 0; i < 3; i += 1) await guessWrong(pendingCookie(await smsSend(c.app, phone.national, newAddress())), 3);
    c.clock.advance(10 * MINUTE_MS);
    await guessWrong(pendingCookie(await smsSend(c.app, phone.national, newAddress())), 1);
    const res = await smsSend(c.app, phone.national, newAddress());
    expect(res.json()).toEqual({ success: true });
    expect(c.sms.lastLink(phone.e164)).toMatch(/^[\w-]{22}$/);
  });

  it('does not count sends that were asked for a proof of work and not given one', async () => {
    const phone = uniquePhone();
    const ip = newAddress();
    for (let i = 0; i < 3; i += 1) await smsSend(c.app, phone.national, ip);
    c.clock.advance(5 * MINUTE_MS);
    for (let i = 0; i < 5; i += 1) expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(428);
    c.clock.advance(5 * MINUTE_MS);
    // 10 minutes after the first 3, nothing asked counted: 3 more pass.
    for (let i = 0; i < 3; i += 1) expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(200);
  });

  it('counts a send whose SMS failed: the code was made and the provider called', async () => {
    const phone = uniquePhone();
    c.sms.failing = true;
    try {
      for (let i = 0; i < 3; i += 1) expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(502);
    } finally {
      c.sms.failing = false;
    }
    expect((await smsSend(c.app, phone.national, newAddress())).statusCode).toBe(428);
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
  it('takes the check limit and the request limit, nothing else: a send past its limits is a 428', () => {
    const schema = apiSchemas.mfaLimitResponse;
    expect(schemaErrors(schema, { success: false, error: 'too_many_checks', retryAfter: 60 })).toEqual([]);
    expect(schemaErrors(schema, { error: 'rate_limited', retryAfter: 60 })).toEqual([]);
    for (const error of ['too_many_sends', 'sms_unavailable', 'invalid_code', 'phone_locked']) {
      expect(schemaErrors(schema, { success: false, error, retryAfter: 60 })).not.toEqual([]);
    }
    expect(schemaErrors(schema, { success: false, error: 'too_many_checks' })).not.toEqual([]);
    expect(schemaErrors(schema, { success: false, error: 'too_many_checks', retryAfter: 0 })).not.toEqual([]);
  });
});
