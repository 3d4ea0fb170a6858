// CORS: only the configured origins may read API answers (with credentials); by default none, so same origin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_MS } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const PARTNER = 'https://partner.example';
const preflight = (origin: string, method = 'POST') => ({
  method: 'OPTIONS' as const,
  url: '/api/leads/create/calc',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type,idempotency-key' },
});

describe('with CORS_ORIGINS set', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ config: { corsOrigins: [PARTNER, 'http://localhost:5173'] } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('lets an allowed origin read answers, with credentials', async () => {
    const res = await s.app.inject({ url: '/api/nope', headers: { origin: PARTNER } });
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toBe('retry-after');
    expect(res.headers.vary).toContain('Origin');
  });

  it('answers an allowed preflight: methods, the asked headers, a max age', async () => {
    const res = await s.app.inject(preflight('http://localhost:5173', 'PUT'));
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT']));
    expect(res.headers['access-control-allow-headers']).toBe('content-type,idempotency-key');
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it.each(['https://evil.example', 'https://partner.example.evil.example', 'http://partner.example', 'null'])(
    'gives %s no CORS headers, on answers and preflights',
    async (origin) => {
      for (const res of [await s.app.inject({ url: '/api/nope', headers: { origin } }), await s.app.inject(preflight(origin))]) {
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      }
      expect((await s.app.inject(preflight(origin))).statusCode).toBe(404);
    },
  );
});

describe('by default', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer();
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('allows no other origin: no CORS headers and no preflight', async () => {
    expect(s.config.corsOrigins).toEqual([]);
    const res = await s.app.inject({ url: '/api/nope', headers: { origin: PARTNER } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await s.app.inject(preflight(PARTNER));
    expect(pre.statusCode).toBe(404);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('still answers same-origin requests, which carry no or their own Origin', async () => {
    const res = await s.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found' });
  });
});
