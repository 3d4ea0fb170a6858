// SMS pumping (issue 23, part 2; issue 32): codes go only to mobile-capable numbers of SMS_COUNTRIES (the US and its
// territories by default), within an hourly and daily budget per country (a warning in the log at 80%), a few an hour
// to numbers sharing their first 6 national digits, and an IPv6 /48 counts as one sender as well as each of its /64s.
// Past a budget a send needs a proof of work (428) instead of being refused: a pumping run that does not do the work
// stops there, a person's browser does it and gets the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, DAY_MS, HOUR_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { refusalOf, smsSend, solution } from '../testing/requests.ts';
import { openTestDb, STARTUP_MS, appDbKinds, type TestDb } from '../testing/test-db.ts';
import { makeCodesApp } from '../testing/test-servers.ts';
import { apiSchemas } from '../../server/routes/api-schemas.ts';
import { schemaErrors } from '../testing/schema-errors.ts';

/** Premium-rate, toll-free, shared-cost and foreign destinations pumpers buy traffic to, as [country code, national]. */
const EXPENSIVE = [
  ['+1', '9002001234'], // US premium rate
  ['+1', '8002001234'], // US toll free
  ['+44', '9091234567'], // UK premium rate
  ['+44', '7911123456'], // a UK (Guernsey) mobile
  ['+881', '612345678'], // Iridium satellite
  ['+882', '123456789'], // international networks
  ['+252', '612345678'], // Somalia mobile
  ['+53', '51234567'], // Cuba mobile
  ['+7', '9161234567'], // Russia mobile
  ['+381', '641234567'], // Serbia mobile
] as const;

describe.each(appDbKinds)('SMS pumping on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => testDb.close());

  it('sends no text to a premium, toll-free or foreign number by default, and to +381 only when configured', async () => {
    const { app, sms } = await makeCodesApp(testDb.db, fakeClock());
    try {
      for (const [[code, national], i] of EXPENSIVE.map((d, n) => [d, n] as const)) {
        const res = await smsSend(app, national, `198.18.0.${i + 1}`, code);
        expect(res.json(), `${code} ${national}`).toEqual({ success: false, error: 'invalid_phone' });
        expect(res.statusCode).toBe(400);
      }
      expect(sms.sent).toEqual([]);
    } finally {
      await app.close();
    }
    const serbia = await makeCodesApp(testDb.db, fakeClock(), { config: { smsCountries: ['US', 'RS'] } });
    try {
      expect((await smsSend(serbia.app, '641234567', '198.18.1.1', '+381')).statusCode).toBe(200);
      expect((await smsSend(serbia.app, '9002001234', '198.18.1.2', '+1')).statusCode).toBe(400);
      expect((await smsSend(serbia.app, '9161234567', '198.18.1.3', '+7')).statusCode).toBe(400);
      expect(serbia.sms.sent.map((m) => m.to)).toEqual(['+381641234567']);
    } finally {
      await serbia.app.close();
    }
  });

  it("sends at most the country's budget when 1,000 addresses try to text 10,000 new numbers in a day, with a warning at 80%", async () => {
    // A day of its own: the budget counts every send of the database (the other tests' too).
    const clock = fakeClock(Date.UTC(2030, 1, 4));
    const start = clock();
    const lines: string[] = [];
    const budget = { hourly: 100, daily: 250 };
    const { app, sms } = await makeCodesApp(testDb.db, clock, {
      config: { smsBudget: budget },
      log: { level: 'warn', stream: { write: (line) => void lines.push(line) } },
    });
    const sentPerHour = new Map<number, number>();
    const refused: Record<string, number> = {};
    try {
      for (let i = 0; i < 10_000; i += 1) {
        clock.set(start + Math.floor((i * DAY_MS) / 10_000));
        // 500 IPv4 addresses and 500 IPv6 /64s of 500 /48s; numbers in 100 ranges of 100 consecutive lines.
        const ip = i % 2 ? `100.64.${(i >> 1) % 250}.${1 + ((i >> 9) % 2)}` : `2001:db8:${((i >> 1) % 500).toString(16)}::1`;
        const national = `202${400 + (i % 100)}${String(Math.floor(i / 100)).padStart(4, '0')}`;
        const before = sms.sent.length;
        const res = await smsSend(app, national, ip);
        if (res.statusCode === 200) {
          const hour = Math.floor((clock() - start) / HOUR_MS);
          sentPerHour.set(hour, (sentPerHour.get(hour) ?? 0) + sms.sent.length - before);
        } else {
          const { error } = refusalOf(res);
          refused[String(error)] = (refused[String(error)] ?? 0) + 1;
        }
      }
    } finally {
      await app.close();
    }
    const sent = sms.sent.length;
    console.info(
      `pumping: 1,000 addresses x 10,000 numbers -> ${sent} texts sent (budget ${budget.hourly}/h, ${budget.daily}/day); refused ${JSON.stringify(refused)}`,
    );
    expect(sent).toBe(budget.daily);
    expect(Math.max(...sentPerHour.values())).toBeLessThanOrEqual(budget.hourly);
    expect(refused).toEqual({ challenge_required: 10_000 - sent });
    const warnings = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'SMS send budget 80% used');
    expect(warnings).toContainEqual(expect.objectContaining({ window: 'hour', sent: 80, max: 100 }));
    expect(warnings).toContainEqual(expect.objectContaining({ window: 'day', sent: 200, max: 250 }));
    expect(lines.join('')).not.toMatch(/202\d{7}/);
  }, 240_000);

  it('asks for a proof of work once the hourly budget is spent; solved, the code goes; an hour later none is asked', async () => {
    const clock = fakeClock(Date.UTC(2030, 2, 4, 9, 45));
    const { app, sms } = await makeCodesApp(testDb.db, clock, { config: { smsBudget: { hourly: 3, daily: 100 } } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await smsSend(app, uniquePhone().national, `198.18.2.${i + 1}`)).statusCode).toBe(200);
      const phone = uniquePhone();
      const asked = await smsSend(app, phone.national, '198.18.2.9');
      expect(asked.statusCode).toBe(428);
      expect(schemaErrors(apiSchemas.mfaChallengeResponse, asked.json())).toEqual([]);
      expect((await smsSend(app, phone.national, '198.18.2.9', '+1', undefined, await solution(asked))).statusCode).toBe(200);
      expect(sms.sent.map((m) => m.to)).toContain(phone.e164);
      clock.advance(HOUR_MS);
      expect((await smsSend(app, uniquePhone().national, '198.18.2.9')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('sends at most 10 codes an hour to numbers sharing their first 6 national digits without a proof of work', async () => {
    const clock = fakeClock();
    const { app, sms } = await makeCodesApp(testDb.db, clock);
    try {
      const statuses = [];
      // Exchange 200: uniquePhone() counts through exchanges 300-999, so no other test of the file sends into this range.
      for (let line = 0; line < 30; line += 1) {
        statuses.push((await smsSend(app, `2022000${String(line).padStart(3, '0')}`, `198.18.3.${line + 1}`)).statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(refusalOf(await smsSend(app, '2022000999', '198.18.4.1'))).toMatchObject({ status: 428, error: 'challenge_required' });
      // The next range is not held against.
      expect((await smsSend(app, '2022010000', '198.18.4.2')).statusCode).toBe(200);
      expect(sms.sent).toHaveLength(11);
    } finally {
      await app.close();
    }
  });

  it('counts IPv6 sends per /48 as well as per /64', async () => {
    const clock = fakeClock();
    const { app } = await makeCodesApp(testDb.db, clock);
    try {
      let sent = 0;
      for (let i = 0; i < 100; i += 1) {
        if ((await smsSend(app, uniquePhone().national, `2001:db8:99:${i.toString(16)}::1`)).statusCode === 200) sent += 1;
      }
      // Each /64 may ask for 5 an hour; the /48 for 20.
      expect(sent).toBe(20);
      expect((await smsSend(app, uniquePhone().national, '2001:db8:9a::1')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
