// Guessing one-time codes: an attacker with 10,000 guesses over 30 days, many addresses and server restarts, who asks
// for the codes it guesses at (a guess at a code someone else asked for is never compared), gets at most 10 of them
// compared with a live code; a used code, or one sent to another phone, verifies nothing; racing processes gain nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { openPgDb } from '../../server/db/pg-db.ts';
import { DAY_MS, fakeClock, MINUTE_MS } from '../testing/fake-clock.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, smsSend, smsVerify } from '../testing/requests.ts';
import { openTestDb, STARTUP_MS, appDbKinds, type TestDb } from '../testing/test-db.ts';
import { makeCodesApp } from '../testing/test-servers.ts';

const GUESSES = 10_000;
const ATTACK_MS = 30 * DAY_MS;

/** A different address for each of 65,536 requests: no per-address limit ever applies to the attacker. */
const addressOf = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.7`;
/** A wrong guess: the attacker cannot know the code, and is kept from a 1-in-10,000 lucky hit so the figures are exact. */
const wrongGuess = (i: number, real: string | undefined) => {
  const guess = String(i % 10_000).padStart(4, '0');
  return guess === real ? String((i + 1) % 10_000).padStart(4, '0') : guess;
};

describe.each(appDbKinds)('guessing codes on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => testDb.close());

  it('compares at most 10 of 10,000 guesses at one phone over 30 days, from many addresses, across restarts', async () => {
    const clock = fakeClock();
    const start = clock();
    const sms = recordingSms();
    let { app } = await makeCodesApp(testDb.db, clock, { sms });
    const victim = uniquePhone();
    const refused: Record<string, number> = {};
    const answers: Record<string, number> = {};
    let compared = 0;
    let codesSent = 0;
    let restarts = 0;
    // The attacker's view of its code: its cookie, checks used and when it came; and when a send may pass again.
    let cookie: string | undefined;
    let checksOnCode = 3;
    let codeSentAt = -Infinity;
    let sendAllowedAt = start;
    try {
      for (let i = 0; i < GUESSES; i += 1) {
        clock.set(start + Math.floor((i * ATTACK_MS) / GUESSES));
        // Restart early (codes, checks, sends and failures under way) and halfway (the phone's guesses used up).
        if (i === 5 || i === GUESSES / 2) {
          await app.close();
          ({ app } = await makeCodesApp(testDb.db, clock, { sms }));
          restarts += 1;
        }
        const ip = addressOf(i);
        const live = checksOnCode < 3 && clock() - codeSentAt < 10 * MINUTE_MS;
        if (!live && clock() >= sendAllowedAt) {
          const res = await smsSend(app, victim.national, ip);
          if (res.statusCode === 200) {
            codesSent += 1;
            cookie = pendingCookie(res);
            checksOnCode = 0;
            codeSentAt = clock();
          } else {
            // Past the phone's limits a send asks for a proof of work, which this attacker does not do: it tries later.
            expect(res.json()).toMatchObject({ error: 'challenge_required' });
            refused['send challenge_required'] = (refused['send challenge_required'] ?? 0) + 1;
            sendAllowedAt = clock() + 10 * MINUTE_MS;
          }
        }
        const wasLive = checksOnCode < 3 && clock() - codeSentAt < 10 * MINUTE_MS;
        const res = await smsVerify(app, victim.national, wrongGuess(i, sms.lastCode(victim.e164)), ip, cookie);
        checksOnCode += 1;
        const { error } = res.json<{ error: string }>();
        answers[`${res.statusCode} ${error}`] = (answers[`${res.statusCode} ${error}`] ?? 0) + 1;
        // A guess at a live code of its own is compared (wrong until its last check, which says the code is dead)
        // until the phone's 10 of the month; then its codes are no longer compared (403 confirm_by_link).
        if (res.statusCode === 400 && wasLive) compared += 1;
        else expect(`${res.statusCode} ${error}`).toMatch(/^(400 code_expired|403 confirm_by_link)$/);
      }
    } finally {
      await app.close();
    }

    // 3 codes, 3 guesses each, and the first guess at the 4th code: 10 compared in 30 days, the rest never. The sends
    // go on (the owner's texts carry their link) until the phone's 50 a day are spent.
    expect({ compared, restarts }).toEqual({ compared: 10, restarts: 2 });
    expect(answers['400 invalid_code']).toBe(7);
    expect(answers['403 confirm_by_link']).toBeGreaterThan(4000);
    expect(Object.keys(refused)).toEqual(['send challenge_required']);
    expect(codesSent).toBeGreaterThan(30 * 40);
    expect(codesSent).toBeLessThanOrEqual(30 * 50);

    // A day after the attacker stops (its 50 sends a day held the phone's sends), and with the 10 failures 30 days old,
    // the phone's owner is sent a code and verifies with it again.
    clock.set(start + ATTACK_MS + DAY_MS);
    ({ app } = await makeCodesApp(testDb.db, clock, { sms }));
    try {
      const send = await smsSend(app, victim.national, '192.0.2.1');
      expect(send.statusCode).toBe(200);
      expect((await smsVerify(app, victim.national, sms.lastCode(victim.e164), '192.0.2.1', pendingCookie(send))).json()).toEqual({ success: true });
    } finally {
      await app.close();
    }
  }, 240_000);

  it('refuses a correct code the second time', async () => {
    const clock = fakeClock();
    const { app, sms } = await makeCodesApp(testDb.db, clock);
    try {
      const phone = uniquePhone();
      const cookie = pendingCookie(await smsSend(app, phone.national));
      const code = sms.lastCode(phone.e164);
      expect((await smsVerify(app, phone.national, code, '127.0.0.1', cookie)).json()).toEqual({ success: true });
      clock.advance(1000);
      const again = await smsVerify(app, phone.national, code, '127.0.0.1', cookie);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ success: false, error: 'code_expired' });
    } finally {
      await app.close();
    }
  });

  it('does not verify phone B with the code sent to phone A, nor counts it against B, which was sent no code', async () => {
    const clock = fakeClock();
    const { app, sms } = await makeCodesApp(testDb.db, clock);
    try {
      const a = uniquePhone();
      const b = uniquePhone();
      const cookie = pendingCookie(await smsSend(app, a.national));
      const codeA = sms.lastCode(a.e164);
      // B has no code: A's code fails for B, which could not have verified, so B's codes lose no guess to 11 of them.
      for (let i = 0; i < 11; i += 1)
        expect((await smsVerify(app, b.national, codeA, addressOf(200 + i), cookie)).json()).toEqual({ success: false, error: 'code_expired' });
      expect((await smsVerify(app, a.national, codeA, '127.0.0.1', cookie)).json()).toEqual({ success: true });
      const sendB = await smsSend(app, b.national);
      expect(sendB.statusCode).toBe(200);
      expect((await smsVerify(app, b.national, sms.lastCode(b.e164), '127.0.0.1', pendingCookie(sendB))).json()).toEqual({ success: true });
    } finally {
      await app.close();
    }
  });

  describe('two server processes on one database', () => {
    let second: { db: Db; close(): Promise<void> };
    beforeAll(() => {
      // A second process has its own connections; PGlite has one database handle, so it stands in for itself there.
      const url = process.env.TEST_DATABASE_URL;
      if (kind === 'postgres' && url) {
        const db = openPgDb(url, { schema: testDb.db.schema, max: 4 });
        second = { db, close: () => db.close() };
      } else {
        second = { db: testDb.db, close: () => Promise.resolve() };
      }
    });
    afterAll(() => second.close());

    it('let 3 of 12 racing sends to one phone through, and compare 3 racing wrong checks with each of their codes', async () => {
      const clock = fakeClock();
      const sms = recordingSms();
      const one = await makeCodesApp(testDb.db, clock, { sms });
      const two = await makeCodesApp(second.db, clock, { sms });
      try {
        const phone = uniquePhone();
        const sends = await Promise.all(Array.from({ length: 12 }, (_, i) => smsSend(i % 2 ? one.app : two.app, phone.national, addressOf(i))));
        expect(sends.map((r) => r.statusCode).sort()).toEqual([...Array<number>(3).fill(200), ...Array<number>(9).fill(428)]);
        const texts = sms.sent.filter((m) => m.to === phone.e164);
        expect(texts).toHaveLength(3);

        // 30 racing checks, 10 by each visitor who got a code, none of the 3 codes.
        const codes = new Set(texts.map((m) => m.text.match(/\d{4}/)?.[0]));
        const wrong = ['0000', '0001', '0002', '0003'].find((guess) => !codes.has(guess));
        const cookies = sends.filter((r) => r.statusCode === 200).map(pendingCookie);
        const checks = await Promise.all(
          Array.from({ length: 30 }, (_, i) => smsVerify(i % 2 ? one.app : two.app, phone.national, wrong, addressOf(100 + i), cookies[i % 3])),
        );
        // Each code's 3 checks: 2 wrong, the 3rd kills it; the other 21 find no live code. Only those 9 count against the phone.
        const errors = checks.map((r) => r.json<{ error: string }>().error);
        expect(errors.filter((e) => e === 'invalid_code')).toHaveLength(6);
        expect(errors.filter((e) => e === 'code_expired')).toHaveLength(24);
        const { rows } = await testDb.db.query<{ attempts: number }>('SELECT attempts FROM sms_codes WHERE phone = $1', [phone.e164]);
        expect(rows.map((r) => r.attempts)).toEqual([3, 3, 3]);
        const failures = await testDb.db.query('SELECT 1 FROM limit_events WHERE subject = $1', [`phoneFailures phone:${phone.e164}`]);
        expect(failures.rows).toHaveLength(9);
      } finally {
        await one.app.close();
        await two.app.close();
      }
    }, 60_000);
  });
});
