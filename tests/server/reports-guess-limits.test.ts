// Guessing the facts that prove involvement (a VIN, a case ID, a last name; by the proof route or a search): wrong
// guesses get 403 and are counted per address (10 an hour, 30 a day); over its limit an address gets 429 for every
// guess, right or wrong, before it is compared, until the server's clock moves past the window. A report guessed at 20
// times an hour from anywhere is under attack: each address may then make 3 wrong guesses an hour at it, so strangers
// never lock out its people, who come from their own address. A right guess costs nothing.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { sampleReport } from '../testing/reports.ts';
import { prove } from '../testing/report-proof.ts';
import { storeReport } from '../testing/report-store.ts';
import { DAY_MS, fakeClock, HOUR_MS, type FakeClock } from '../testing/fake-clock.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

const VIN = '1HGCM82633A004352';
/** A test makes tens of requests, each a transaction: seconds when the machine runs other suites beside. */
const GUESSES_MS = 30_000;
const WRONG_VIN = '2HGFA16588H500000';

let addressCounter = 0;
/** An address no other test of the file used. */
const freshAddress = () => `198.51.${100 + (++addressCounter >> 8)}.${addressCounter & 255}`;

describe.each(testDbKinds)('guessing proofs on %s', (kind) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let clock: FakeClock;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
    clock = fakeClock();
    app = await buildApp({ config: testConfig(), db: testDb.db, sms: recordingSms(), clock });
    await app.ready();
    // The first ingest loads the gazetteer, which takes seconds.
    await storeReport(testDb.db, sampleReport());
  }, STARTUP_MS);
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });
  beforeEach(() => clock.advance(DAY_MS));

  const newReport = () => storeReport(testDb.db, sampleReport());
  /** A proof with the VIN given and the right last name. */
  const guess = (id: string, ip: string, vin: string) => prove(app, id, { vin, lastName: 'Lopez' }, ip);
  const searchCase = (caseId: string, ip: string) => app.inject({ url: `/api/reports/search?caseId=${caseId}&state=TX`, remoteAddress: ip });
  const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json<unknown>(), header: Number(res.headers['retry-after']) });

  it(
    'refuses an address its 11th wrong guess in an hour, and its right one too, until the hour has passed',
    async () => {
      const ip = freshAddress();
      const [a, b] = [await newReport(), await newReport()];
      for (let i = 0; i < 10; i++) {
        const res = await guess(i % 2 ? a : b, ip, WRONG_VIN);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'not_involved', field: 'vin' });
        clock.advance(60_000);
      }
      // The first guess was 10 minutes ago: it leaves the hour in 50 minutes.
      for (const vin of [WRONG_VIN, VIN]) {
        expect(refusal(await guess(a, ip, vin))).toEqual({ status: 429, body: { error: 'rate_limited', retryAfter: 3000 }, header: 3000 });
      }
      expect((await prove(app, a, { caseId: '24-0012345', lastName: 'Smith' }, ip)).statusCode).toBe(429);
      expect((await searchCase('24-0012345', ip)).statusCode).toBe(429);
      // Without a proof nothing is guessed: the public facts are still there, and other addresses may prove.
      expect((await app.inject({ url: `/api/reports/${a}`, remoteAddress: ip })).json()).toMatchObject({ involved: false });
      expect((await guess(a, freshAddress(), VIN)).json()).toEqual({ proved: true });

      clock.advance(3000_000 - 1);
      expect((await guess(a, ip, VIN)).statusCode).toBe(429);
      clock.advance(1);
      expect((await guess(a, ip, VIN)).json()).toEqual({ proved: true });
      expect((await guess(a, ip, WRONG_VIN)).statusCode).toBe(403);
    },
    GUESSES_MS,
  );

  it(
    'refuses an address its 31st wrong guess in a day, spread over hours',
    async () => {
      const ip = freshAddress();
      const start = clock();
      for (let hour = 0; hour < 3; hour++) {
        const id = await newReport();
        for (let i = 0; i < 10; i++) expect((await guess(id, ip, WRONG_VIN)).statusCode).toBe(403);
        clock.advance(HOUR_MS);
      }
      const id = await newReport();
      // The oldest of the 30 leaves the day at start + 24 h.
      const wait = (start + DAY_MS - clock()) / 1000;
      expect(refusal(await guess(id, ip, VIN))).toEqual({ status: 429, body: { error: 'rate_limited', retryAfter: wait }, header: wait });
      clock.set(start + DAY_MS);
      expect((await guess(id, ip, VIN)).json()).toEqual({ proved: true });
    },
    GUESSES_MS,
  );

  it(
    "never locks a report's people out: under attack from many addresses, a clean one still proves, a guessing one gets 3 tries",
    async () => {
      const id = await newReport();
      // 10 wrong VINs from each of two addresses, then 1 from each of 10 more: 30 wrong guesses at one report in an hour.
      const [x, y] = [freshAddress(), freshAddress()];
      for (let i = 0; i < 20; i++) {
        expect((await guess(id, i % 2 ? x : y, WRONG_VIN)).statusCode).toBe(403);
      }
      for (let i = 0; i < 10; i++)
        expect((await prove(app, id, { vin: VIN, lastName: `Guess${i}` }, freshAddress())).json()).toMatchObject({ field: 'lastName' });
      // Both attackers are over their own limits; a new address is let in with its 3 tries, right or wrong.
      expect(refusal(await guess(id, x, VIN))).toMatchObject({ status: 429 });
      const owner = freshAddress();
      expect((await guess(id, owner, VIN)).json()).toEqual({ proved: true });
      expect((await prove(app, id, { caseId: '24-0012345', lastName: 'Carter' }, freshAddress())).json()).toEqual({ proved: true });
      const typist = freshAddress();
      for (let i = 0; i < 3; i++) expect((await prove(app, id, { vin: VIN, lastName: 'Lopes' }, typist)).statusCode).toBe(403);
      expect(refusal(await guess(id, typist, VIN))).toMatchObject({ status: 429, header: 3600 });
      // The typist's other reports are not concerned, nor is it once the attack is an hour old.
      expect((await guess(await newReport(), typist, VIN)).statusCode).toBe(200);
      clock.advance(HOUR_MS);
      expect((await guess(id, typist, VIN)).json()).toEqual({ proved: true });
    },
    GUESSES_MS,
  );

  it(
    'counts a search by case ID or VIN that finds nothing as a wrong guess, and one that finds a report as none',
    async () => {
      const ip = freshAddress();
      await newReport();
      for (let i = 0; i < 5; i++) expect((await searchCase('24-0012345', ip)).json()).toMatchObject({ count: expect.any(Number) as unknown });
      // A sweep of case IDs: the misses are counted, the 11th is refused, and so is a proof.
      for (let i = 0; i < 10; i++) expect((await searchCase(`24-99${String(i).padStart(5, '0')}`, ip)).json()).toMatchObject({ count: 0 });
      expect((await searchCase('24-9900010', ip)).statusCode).toBe(429);
      expect((await app.inject({ url: `/api/reports/search?vin=${WRONG_VIN}`, remoteAddress: ip })).statusCode).toBe(429);
      expect((await guess(await newReport(), ip, VIN)).statusCode).toBe(429);
      // A place search tests no fact.
      expect((await app.inject({ url: '/api/reports/search?city=Austin&state=TX', remoteAddress: ip })).statusCode).toBe(200);
    },
    GUESSES_MS,
  );

  it(
    'counts an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one',
    async () => {
      const id = await newReport();
      for (let i = 1; i <= 10; i++) expect((await guess(id, `2001:db8:7:7::${i.toString(16)}`, WRONG_VIN)).statusCode).toBe(403);
      expect((await guess(id, '2001:db8:7:7:ffff:1:2:3', VIN)).statusCode).toBe(429);
      expect((await guess(id, '2001:db8:7:8::1', VIN)).json()).toEqual({ proved: true });

      const v4 = freshAddress();
      for (let i = 0; i < 10; i++) expect((await guess(await newReport(), `::ffff:${v4}`, WRONG_VIN)).statusCode).toBe(403);
      expect((await guess(id, v4, VIN)).statusCode).toBe(429);
    },
    GUESSES_MS,
  );

  it(
    'lets no parallel guess past a full window: of 16 at once from one address, 10 are compared',
    async () => {
      const id = await newReport();
      const ip = freshAddress();
      const answers = await Promise.all(Array.from({ length: 16 }, () => guess(id, ip, WRONG_VIN)));
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...Array<number>(10).fill(403), ...Array<number>(6).fill(429)]);
    },
    GUESSES_MS,
  );

  it(
    'charges nothing for right guesses, by VIN or case ID',
    async () => {
      const id = await newReport();
      const ip = freshAddress();
      for (let i = 0; i < 40; i++) {
        const body = i % 2 ? { caseId: '24 0012345', lastName: 'CARTER' } : i % 4 ? { vin: VIN.toLowerCase() } : { vin: VIN, lastName: 'lopez' };
        expect((await prove(app, id, body, ip)).statusCode).toBe(200);
      }
      const { rows } = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM limit_events WHERE subject LIKE $1 OR subject = $2', [
        `%Guesses%${ip}%`,
        `reportGuesses report:${id}`,
      ]);
      expect(rows[0]?.n).toBe(0);
    },
    GUESSES_MS,
  );
});
