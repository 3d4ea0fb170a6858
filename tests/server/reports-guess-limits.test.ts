// Guessing a report's VIN or case ID: wrong guesses get 403 and are counted per address (10 an hour, 30 a day) and per
// report (20 an hour); over a limit every guess, right or wrong, gets 429 before it is compared, on the JSON and the
// PDF route alike, until the server's clock moves past the window. A right guess costs nothing.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { sampleReport } from '../testing/reports.ts';
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
  const guess = (id: string, ip: string, vin: string, route: 'api' | 'pdf' = 'api') =>
    app.inject({ url: route === 'api' ? `/api/reports/${id}?vin=${vin}` : `/pdf/${id}?vin=${vin}`, remoteAddress: ip });
  const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json<unknown>(), header: Number(res.headers['retry-after']) });

  it('refuses an address its 11th wrong guess in an hour, and its right one too, until the hour has passed', async () => {
    const ip = freshAddress();
    const [a, b] = [await newReport(), await newReport()];
    for (let i = 0; i < 10; i++) {
      const res = await guess(i % 2 ? a : b, ip, WRONG_VIN);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'not_involved' });
      clock.advance(60_000);
    }
    // The first guess was 10 minutes ago: it leaves the hour in 50 minutes.
    for (const vin of [WRONG_VIN, VIN]) {
      expect(refusal(await guess(a, ip, vin))).toEqual({ status: 429, body: { error: 'rate_limited', retryAfter: 3000 }, header: 3000 });
    }
    expect((await guess(a, ip, VIN, 'pdf')).statusCode).toBe(429);
    // Without a proof nothing is guessed: the public facts are still there, and other addresses may prove.
    expect((await app.inject({ url: `/api/reports/${a}`, remoteAddress: ip })).json()).toMatchObject({ involved: false });
    expect((await guess(a, freshAddress(), VIN)).json()).toMatchObject({ involved: true });

    clock.advance(3000_000 - 1);
    expect((await guess(a, ip, VIN)).statusCode).toBe(429);
    clock.advance(1);
    expect((await guess(a, ip, VIN)).json()).toMatchObject({ involved: true });
    expect((await guess(a, ip, WRONG_VIN)).statusCode).toBe(403);
  }, GUESSES_MS);

  it('refuses an address its 31st wrong guess in a day, spread over hours', async () => {
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
    expect((await guess(id, ip, VIN)).statusCode).toBe(200);
  }, GUESSES_MS);

  it('refuses every guess at a report after 20 wrong ones in an hour from anywhere, even its right VIN', async () => {
    const id = await newReport();
    for (let i = 0; i < 20; i++) expect((await guess(id, freshAddress(), WRONG_VIN, i % 2 ? 'pdf' : 'api')).statusCode).toBe(403);
    expect(refusal(await guess(id, freshAddress(), WRONG_VIN))).toMatchObject({ status: 429, header: 3600 });
    expect((await guess(id, freshAddress(), VIN, 'pdf')).statusCode).toBe(429);
    // Other reports are not concerned.
    expect((await guess(await newReport(), freshAddress(), VIN)).statusCode).toBe(200);
    clock.advance(HOUR_MS);
    expect((await guess(id, freshAddress(), VIN)).json()).toMatchObject({ involved: true });
  }, GUESSES_MS);

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    const id = await newReport();
    for (let i = 1; i <= 10; i++) expect((await guess(id, `2001:db8:7:7::${i.toString(16)}`, WRONG_VIN)).statusCode).toBe(403);
    expect((await guess(id, '2001:db8:7:7:ffff:1:2:3', VIN)).statusCode).toBe(429);
    expect((await guess(id, '2001:db8:7:8::1', VIN)).statusCode).toBe(200);

    const v4 = freshAddress();
    for (let i = 0; i < 10; i++) expect((await guess(await newReport(), `::ffff:${v4}`, WRONG_VIN)).statusCode).toBe(403);
    expect((await guess(id, v4, VIN)).statusCode).toBe(429);
  }, GUESSES_MS);

  it('lets no parallel guess past a full window: of 16 at once from one address, 10 are compared', async () => {
    const id = await newReport();
    const ip = freshAddress();
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => guess(id, ip, WRONG_VIN, i % 2 ? 'pdf' : 'api')));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(403), ...Array<number>(6).fill(429)]);
  }, GUESSES_MS);

  it('charges nothing for right guesses, by VIN or case ID', async () => {
    const id = await newReport();
    const ip = freshAddress();
    for (let i = 0; i < 40; i++) {
      const url = i % 2 ? `/api/reports/${id}?caseId=24%200012345` : `/pdf/${id}?vin=${VIN.toLowerCase()}`;
      expect((await app.inject({ url, remoteAddress: ip })).statusCode).toBe(200);
    }
    const { rows } = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_proof_failures WHERE subject IN ($1, $2)', [
      `ip:${ip}`,
      `report:${id}`,
    ]);
    expect(rows[0]?.n).toBe(0);
  }, GUESSES_MS);
});
