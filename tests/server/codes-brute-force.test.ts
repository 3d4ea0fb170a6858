// Guessing one-time codes: an attacker with 10,000 guesses over 30 days, many addresses and server restarts gets at
// most 10 of them compared with a live code; a used code, or one sent to another phone, verifies nothing; racing
// processes gain nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { openPgDb } from '../../server/db/pg-db.ts';
import { DAY_MS, fakeClock, HOUR_MS, MINUTE_MS } from '../testing/fake-clock.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { refusalOf, smsSend, smsVerify } from '../testing/requests.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';
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

describe.each(testDbKinds)('guessing codes on %s', (kind) => {
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
    let answered = 0;
    let compared = 0;
    let codesSent = 0;
    let restarts = 0;
    // The attacker's view of its code: checks used and when it came; and when a send may pass again (Retry-After).
    let checksOnCode = 3;
    let codeSentAt = -Infinity;
    let sendAllowedAt = start;
    try {
      for (let i = 0; i < GUESSES; i += 1) {
        clock.set(start + Math.floor((i * ATTACK_MS) / GUESSES));
        // Restart early (codes, checks, sends and failures under way) and halfway (the phone locked).
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
            checksOnCode = 0;
            codeSentAt = clock();
          } else {
            const { status, error, retryAfter, header } = refusalOf(res);
            expect(status).toBe(429);
            expect(header).toBe(retryAfter);
            refused[`send ${String(error)}`] = (refused[`send ${String(error)}`] ?? 0) + 1;
            sendAllowedAt = clock() + Number(retryAfter) * 1000;
          }
        }
        const wasLive = checksOnCode < 3 && clock() - codeSentAt < 10 * MINUTE_MS;
        const res = await smsVerify(app, victim.national, wrongGuess(i, sms.lastCode(victim.e164)), ip);
        checksOnCode += 1;
        if (res.statusCode === 429) {
          const { error } = refusalOf(res);
          refused[`check ${String(error)}`] = (refused[`check ${String(error)}`] ?? 0) + 1;
          continue;
        }
        // A guess at a live code is wrong until its last check, which says the code is dead; with none live, it is.
        const error = wasLive && checksOnCode < 3 ? 'invalid_code' : 'code_expired';
        expect(res.json()).toEqual({ success: false, error });
        answered += 1;
        if (wasLive) compared += 1;
      }
    } finally {
      await app.close();
    }

    // 3 codes in the first hour, 3 guesses each; 5 guesses at no live code (answered code_expired, counted against
    // their addresses only) until the next hour's code, whose first guess is the 10th; then the phone is locked.
    expect({ answered, compared, codesSent, restarts }).toEqual({ answered: 15, compared: 10, codesSent: 4, restarts: 2 });
    expect(compared).toBeLessThanOrEqual(10);
    expect(refused).toEqual({ 'check phone_locked': GUESSES - 15, 'send too_many_sends': 1, 'send phone_locked': 1 });

    // Once the 10 failures are 30 days old, the phone's owner verifies as usual.
    clock.set(start + ATTACK_MS + HOUR_MS);
    ({ app } = await makeCodesApp(testDb.db, clock, { sms }));
    try {
      expect((await smsSend(app, victim.national, '192.0.2.1')).statusCode).toBe(200);
      expect((await smsVerify(app, victim.national, sms.lastCode(victim.e164), '192.0.2.1')).json()).toEqual({ success: true });
    } finally {
      await app.close();
    }
  }, 240_000);

  it('refuses a correct code the second time', async () => {
    const clock = fakeClock();
    const { app, sms } = await makeCodesApp(testDb.db, clock);
    try {
      const phone = uniquePhone();
      expect((await smsSend(app, phone.national)).statusCode).toBe(200);
      const code = sms.lastCode(phone.e164);
      expect((await smsVerify(app, phone.national, code)).json()).toEqual({ success: true });
      clock.advance(1000);
      const again = await smsVerify(app, phone.national, code);
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
      await smsSend(app, a.national);
      const codeA = sms.lastCode(a.e164);
      // B has no code: A's code fails for B, which could not have verified, so B is not locked by 11 of them.
      for (let i = 0; i < 11; i += 1) expect((await smsVerify(app, b.national, codeA, addressOf(200 + i))).json()).toEqual({ success: false, error: 'code_expired' });
      expect((await smsVerify(app, a.national, codeA)).json()).toEqual({ success: true });
      expect((await smsSend(app, b.national)).statusCode).toBe(200);
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

    it('let 3 of 12 racing sends to one phone through, and compare 3 of 30 racing wrong checks with its code', async () => {
      const clock = fakeClock();
      const sms = recordingSms();
      const one = await makeCodesApp(testDb.db, clock, { sms });
      const two = await makeCodesApp(second.db, clock, { sms });
      try {
        const phone = uniquePhone();
        const sends = await Promise.all(
          Array.from({ length: 12 }, (_, i) => smsSend(i % 2 ? one.app : two.app, phone.national, addressOf(i))),
        );
        expect(sends.map((r) => r.statusCode).sort()).toEqual([...Array<number>(3).fill(200), ...Array<number>(9).fill(429)]);
        expect(sms.sent.filter((m) => m.to === phone.e164)).toHaveLength(3);

        const real = sms.lastCode(phone.e164);
        const checks = await Promise.all(
          Array.from({ length: 30 }, (_, i) => smsVerify(i % 2 ? one.app : two.app, phone.national, wrongGuess(i, real), addressOf(100 + i))),
        );
        // The code's 3 checks: 2 wrong, the 3rd kills it; the other 27 find no live code. Only those 3 count against the phone.
        const errors = checks.map((r) => r.json<{ error: string }>().error);
        expect(errors.filter((e) => e === 'invalid_code')).toHaveLength(2);
        expect(errors.filter((e) => e === 'code_expired')).toHaveLength(28);
        const { rows } = await testDb.db.query<{ attempts: number }>('SELECT attempts FROM sms_codes WHERE phone = $1', [phone.e164]);
        expect(rows[0]?.attempts).toBe(3);
        const failures = await testDb.db.query("SELECT 1 FROM code_limit_events WHERE subject = $1 AND kind = 'failure'", [`phone:${phone.e164}`]);
        expect(failures.rows).toHaveLength(3);
      } finally {
        await one.app.close();
        await two.app.close();
      }
    }, 60_000);
  });
});
