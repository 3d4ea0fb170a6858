// Per-address rate limits (API and web app counted apart, in the database's limit_events) → 429 with Retry-After;
// request bodies over 32 KB → 413.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BODY_LIMIT, buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';
import { makeTestDist, makeTestServer, testConfig, type TestServer } from '../testing/test-servers.ts';

const API_MAX = 5;
const WEB_MAX = 8;

describe.each(testDbKinds)('rate limits on %s', (kind) => {
  let dist: Awaited<ReturnType<typeof makeTestDist>>;
  let testDb: TestDb;
  let app: FastifyInstance;
  const from = (remoteAddress: string) => ({ remoteAddress });

  beforeAll(async () => {
    dist = await makeTestDist();
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(async () => {
    await dist.remove();
    await testDb.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
  });

  const build = async (trustProxy: boolean | number | string = false) => {
    const config = testConfig({ staticDir: dist.dir, rateLimit: { apiPerMinute: API_MAX, staticPerMinute: WEB_MAX }, trustProxy });
    app = await buildApp({ config, db: testDb.db, sms: recordingSms() });
  };

  it(`answers 429 with Retry-After after ${API_MAX} API requests a minute, whichever the routes`, async () => {
    await build();
    const urls = ['/api/nope', '/api/user/tcpa', '/api/leads/create/calc', '/api', '/api/nope?x=1'];
    for (const [i, url] of urls.entries()) {
      const res = await app.inject({ method: i % 2 ? 'POST' : 'GET', url, ...from('10.0.0.1') });
      expect(res.statusCode).not.toBe(429);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(API_MAX - i - 1));
    }
    const res = await app.inject({ method: 'POST', url: '/api/user/tcpa', payload: {}, ...from('10.0.0.1') });
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json()).toEqual({ error: 'rate_limited', retryAfter });
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('counts each client address on its own, and the web app apart from the API', async () => {
    await build();
    for (let i = 0; i < API_MAX; i++) await app.inject({ url: '/api/nope', ...from('10.0.0.2') });
    expect((await app.inject({ url: '/api/nope', ...from('10.0.0.2') })).statusCode).toBe(429);
    expect((await app.inject({ url: '/api/nope', ...from('10.0.0.3') })).statusCode).toBe(404);
    // The page and its files still load for the limited address.
    const page = await app.inject({ url: '/calculate-your-accident-claim-value', headers: { accept: 'text/html' }, ...from('10.0.0.2') });
    expect(page.statusCode).toBe(200);
    for (let i = 1; i < WEB_MAX; i++) {
      expect((await app.inject({ url: '/assets/index-1a2b3c.js', ...from('10.0.0.2') })).statusCode).toBe(200);
    }
    const over = await app.inject({ url: '/assets/index-1a2b3c.js', ...from('10.0.0.2') });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'rate_limited' });
    expect((await app.inject({ url: '/', headers: { accept: 'text/html' }, ...from('10.0.0.2') })).statusCode).toBe(429);
  });

  it('lets the client in again after the minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await build();
    for (let i = 0; i < API_MAX; i++) await app.inject({ url: '/api/nope', ...from('10.0.0.4') });
    const over = await app.inject({ url: '/api/nope', ...from('10.0.0.4') });
    expect(over.statusCode).toBe(429);
    vi.advanceTimersByTime(Number(over.headers['retry-after']) * 1000 + 1);
    expect((await app.inject({ url: '/api/nope', ...from('10.0.0.4') })).statusCode).toBe(404);
  });

  it('counts a burst of requests in a few statements, lets through no more than the limit, and refuses for free', async () => {
    // Each statement that counts requests, on a copy of the database that counts them.
    let counts = 0;
    const db: Db = {
      ...testDb.db,
      query: (sql, params) => {
        if (sql.includes('INSERT INTO limit_events')) counts++;
        return testDb.db.query(sql, params);
      },
    };
    const max = 200;
    app = await buildApp({ config: testConfig({ staticDir: dist.dir, rateLimit: { apiPerMinute: API_MAX, staticPerMinute: max } }), db, sms: recordingSms() });
    // A page's files, as a browser asks for them: a statement each was 3 to 5 ms more per request on PGlite.
    for (let i = 0; i < 13; i++) expect((await app.inject({ url: '/assets/index-1a2b3c.js', ...from('10.0.0.6') })).statusCode).toBe(200);
    expect(counts).toBeLessThanOrEqual(5);
    // Counted ahead, never past the limit: exactly max are let through in the window.
    const statuses: number[] = [];
    for (let i = 13; i < max + 20; i++) statuses.push((await app.inject({ url: '/assets/index-1a2b3c.js', ...from('10.0.0.6') })).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(max - 13);
    expect(statuses.slice(max - 13).every((status) => status === 429)).toBe(true);
    expect(counts).toBeLessThan(max / 2);
    // A flood refused costs the database nothing more (it cannot fill the queue other visitors wait in).
    const before = counts;
    for (let i = 0; i < 50; i++) expect((await app.inject({ url: '/assets/index-1a2b3c.js', ...from('10.0.0.6') })).statusCode).toBe(429);
    expect(counts).toBe(before);
    // Another address is counted on its own.
    expect((await app.inject({ url: '/assets/index-1a2b3c.js', ...from('10.0.0.7') })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says the hop is a proxy', async () => {
    await build();
    // A client cannot dodge the limit by inventing addresses.
    for (let i = 0; i < API_MAX; i++) await app.inject({ url: '/api/nope', headers: { 'x-forwarded-for': `192.0.2.${i}` }, ...from('10.0.0.5') });
    expect((await app.inject({ url: '/api/nope', headers: { 'x-forwarded-for': '192.0.2.99' }, ...from('10.0.0.5') })).statusCode).toBe(429);
    await app.close();

    await build('10.0.0.5');
    // Behind a trusted proxy, each visitor it forwards is counted on its own.
    for (let i = 0; i < API_MAX; i++) await app.inject({ url: '/api/nope', headers: { 'x-forwarded-for': '192.0.2.1' }, ...from('10.0.0.5') });
    expect((await app.inject({ url: '/api/nope', headers: { 'x-forwarded-for': '192.0.2.1' }, ...from('10.0.0.5') })).statusCode).toBe(429);
    expect((await app.inject({ url: '/api/nope', headers: { 'x-forwarded-for': '192.0.2.2' }, ...from('10.0.0.5') })).statusCode).toBe(404);
  });
});

describe('request body limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer();
  }, STARTUP_MS);
  afterAll(() => s.close());

  it.each(['/api/user/tcpa', '/api/user/mfa-sms-send', '/api/leads/create/calc'])(
    'answers 413 JSON to a body over 32 KB on %s, and stores nothing',
    async (url) => {
      const before = await s.count('tcpa_consents');
      const res = await s.app.inject({ method: 'POST', url, payload: { firstName: 'x'.repeat(BODY_LIMIT), phone: '(202) 555-0123' } });
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ error: 'payload_too_large', message: 'request body is larger than 32768 bytes' });
      expect(await s.count('tcpa_consents')).toBe(before);
    },
  );

  it('reads a body just under the limit (and judges it by its schema)', async () => {
    const payload = JSON.stringify({ firstName: 'x'.repeat(BODY_LIMIT - 100) });
    expect(payload.length).toBeLessThan(BODY_LIMIT);
    const res = await s.app.inject({ method: 'POST', url: '/api/user/tcpa', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
  });

  it('answers 413 to a chunked body without a length, too', async () => {
    const { Readable } = await import('node:stream');
    const chunks = Array.from({ length: 40 }, () => Buffer.from('x'.repeat(1024)));
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/user/tcpa',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    });
    expect(res.statusCode).toBe(413);
  });
});
