// Error answers are short JSON on every API route: no stack, no SQL, no database message, whatever went wrong.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { calcLeadBody, smsConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { brokenDb, STARTUP_MS } from '../testing/test-db.ts';
import { routesOf, testConfig } from '../testing/test-servers.ts';

/** What an error body must never show: a stack, SQL, a source path, the driver's message or the values it quoted. */
const LEAKS = [/stack/i, /\bSELECT\b/i, /\bINSERT\b/i, /\bFROM\b/, /\.ts:\d+/, /\bat \S+ \(/, /relation "/, /42P01/, /\+12025550123/, /jane\.roe/];

function expectNoLeak(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['content-type'], what).toContain('application/json');
  for (const leak of LEAKS) expect(res.body, `${what}: ${res.body}`).not.toMatch(leak);
}

describe('with a database that fails every statement', () => {
  let app: FastifyInstance;
  let apiRoutes: { method: string; url: string }[];
  const phone = uniquePhone();
  // Bodies that pass the schemas of the routes they were written for; the others answer 400 to them.
  const bodies: Record<string, unknown>[] = [
    { firstName: 'Jane', lastName: 'Roe', phone: phone.typed, email: 'jane.roe@example.com', consent: smsConsent() },
    { country_code: '+1', phone: phone.national, source: 'calc' },
    { code: '1234', country_code: '+1', phone: phone.national },
    calcLeadBody(phone.typed),
    { ids: [1], preferredCallTime: 'Call ASAP' },
    {},
  ];

  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), db: brokenDb(), sms: recordingSms() });
    await app.ready();
    apiRoutes = routesOf(app).filter((r) => r.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(r.method));
  }, STARTUP_MS);
  afterAll(() => app.close());

  it('knows the API routes it checks', () => {
    expect(apiRoutes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/user/tcpa' },
        { method: 'POST', url: '/api/user/mfa-sms-send' },
        { method: 'POST', url: '/api/user/mfa-sms-verify' },
        { method: 'POST', url: '/api/leads/create/calc' },
      ]),
    );
  });

  it('answers 500 { error: "internal" } and nothing more wherever the database is reached', async () => {
    const internal: string[] = [];
    for (const { method, url } of apiRoutes) {
      for (const payload of method === 'GET' ? [undefined] : bodies) {
        const res = await app.inject({
          method: method as 'GET',
          url: `${url}?funnel=calc`,
          ...(payload ? { payload } : {}),
          headers: { cookie: `cf_verification=${'A'.repeat(43)}` },
        });
        expectNoLeak(res, `${method} ${url}`);
        if (res.statusCode >= 500) {
          expect(res.statusCode).toBe(500);
          expect(res.json()).toEqual({ error: 'internal' });
          internal.push(url);
        }
      }
    }
    // The routes whose valid bodies are known above did reach the database.
    for (const url of ['/api/user/tcpa', '/api/user/mfa-sms-send', '/api/leads/create/calc']) expect(internal).toContain(url);
  });

  it('answers malformed JSON, wrong types and huge bodies on every route with a short JSON error', async () => {
    for (const { method, url } of apiRoutes.filter((r) => r.method !== 'GET')) {
      const requests = [
        { headers: { 'content-type': 'application/json' }, payload: '{"phone": "+12025550123", "email": "jane.roe@example.com", ' },
        { headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"admin": true}}' },
        { headers: { 'content-type': 'application/json' }, payload: '{"constructor": {"prototype": {"admin": true}}}' },
        { headers: { 'content-type': 'text/plain' }, payload: 'SELECT 1' },
        { headers: { 'content-type': 'application/json' }, payload: `"${'x'.repeat(40_000)}"` },
      ];
      for (const request of requests) {
        const res = await app.inject({ method: method as 'POST', url, ...request });
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expectNoLeak(res, `${method} ${url} ${request.payload.slice(0, 20)}`);
      }
    }
  });

  it('answers a bad URL and an unknown route with short JSON', async () => {
    for (const url of ['/api/%E0%A4%A', '/api/user/tcpa/../../etc/passwd', '/api/nope']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expectNoLeak(res, url);
    }
    expect((await app.inject({ url: '/api/%E0%A4%A' })).json()).toEqual({ error: 'bad_request', message: 'malformed URL' });
  });
});
