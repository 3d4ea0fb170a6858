// The HTTP shell: unknown API routes, the built web app with its SPA fallback, bad JSON, internal errors, logs.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { calcLeadBody, smsConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { makeTestServer, testConfig, type TestServer } from '../testing/test-servers.ts';

describe('the web app and the API side by side', () => {
  let dist: string;
  let s: TestServer;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'claimflow-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>ClaimFlow</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    // A funnel route's own pages (scripts/route-pages.ts), one per language.
    await mkdir(join(dist, 'routes', 'fb'), { recursive: true });
    for (const [file, page] of [
      ['request-attorney.html', 'attorney en'],
      ['request-attorney.es.html', 'attorney es'],
      ['fb/request-attorney.html', 'fb attorney en'],
    ]) {
      await writeFile(join(dist, 'routes', file!), `<!doctype html><title>ClaimFlow</title><div id="root" data-page="${page}"></div>`);
    }
    // The build's compressed copies (vite-plugin-compression2).
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync('console.log("app")'));
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync('console.log("app")'));
    s = await makeTestServer({ config: { staticDir: dist } });
  }, STARTUP_MS);
  afterAll(async () => {
    await s.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the index and hashed assets with fitting cache headers', async () => {
    const index = await s.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('id="root"');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await s.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the build’s brotli or gzip copy to a browser that takes it, the plain file otherwise, varying by encoding', async () => {
    const url = '/assets/app-1a2b3c.js';
    const br = await s.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gz = await s.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await s.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
    for (const res of [br, gz, plain]) expect(res.headers.vary).toContain('Accept-Encoding');
    const page = await s.app.inject({ url: '/calculate-your-accident-claim-value', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('id="root"');
  });

  it.each([
    ['/request-attorney', 'attorney en'],
    ['/request-attorney/?utm_source=ad', 'attorney en'],
    ['/request-attorney?lang=es', 'attorney es'],
    ['/tx/request-attorney?lang=es', 'attorney es'],
    ['/fb/request-attorney', 'fb attorney en'],
    ['/calculate-your-accident-claim-value', 'index'],
  ])('answers %s with its route’s page where the build made one (%s), else the app’s index', async (url, page) => {
    const res = await s.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(page === 'index' ? '<div id="root"></div>' : `data-page="${page}"`);
  });

  it.each(['/tx/fb/request-attorney', '/request-attorney/more', '/accident/123/1HGCM82633A004352', '/no-such-page?lang=es'])(
    'answers 404 with the app (its not-found page) for %s, which is no page',
    async (url) => {
      const res = await s.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('answers 404 JSON for unknown API routes, even from a browser', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/leads/create/truck'],
      ['GET', '/api'],
    ] as const) {
      const res = await s.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
    }
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    const res = await s.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('without a built web app', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer();
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('answers 404 JSON for pages', async () => {
    const res = await s.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });

  it.each(['/api/user/tcpa', '/api/user/mfa-sms-send', '/api/leads/create/calc'])('refuses malformed JSON on %s', async (url) => {
    const res = await s.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"phone": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'body' });
  });

  it('refuses a body that is not an object', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/user/tcpa', headers: { 'content-type': 'application/json' }, payload: '[1]' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'body' });
  });
});

describe('failures and logs', () => {
  it(
    'answers 500 { error: "internal" } without details when the database fails',
    async () => {
      const broken: Db = {
        kind: 'pglite',
        schema: 'public',
        query: () => Promise.reject(new Error('connection lost at server/db/pg-db.ts:12')),
        transaction: () => Promise.reject(new Error('connection lost')),
        connect: () => Promise.reject(new Error('connection lost')),
        close: () => Promise.resolve(),
      };
      const app = await buildApp({ config: testConfig(), db: broken, sms: recordingSms() });
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/tcpa',
        // A verification cookie, so the route asks the database about it.
        headers: { cookie: `cf_verification=${'A'.repeat(43)}` },
        payload: { firstName: 'Jane', lastName: 'Doe', phone: '(202) 555-0123', email: 'jane@example.com', consent: smsConsent() },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'internal' });
      await app.close();
    },
    STARTUP_MS,
  );

  it(
    'never writes phones, emails or codes to the request log',
    async () => {
      const lines: string[] = [];
      const s = await makeTestServer();
      const app = await buildApp({ config: s.config, db: s.db, sms: s.sms, log: { level: 'trace', stream: { write: (l) => lines.push(l) } } });
      try {
        const phone = uniquePhone();
        const shell = { ...s, app };
        await app.inject({
          method: 'POST',
          url: '/api/user/tcpa?funnel=calc',
          payload: { firstName: 'Jane', lastName: 'Roe', phone: phone.typed, email: 'jane.roe@example.com', consent: smsConsent() },
        });
        const cookie = await verifyPhone(shell, phone.national);
        const lead = await app.inject({
          method: 'POST',
          url: '/api/leads/create/calc',
          headers: { cookie },
          payload: calcLeadBody(phone.typed, { email: 'jane.roe@example.com', lastName: 'Roe' }),
        });
        expect(lead.statusCode).toBe(200);
        await app.inject({ method: 'POST', url: '/api/leads/create/calc', headers: { cookie }, payload: calcLeadBody(phone.typed, { email: 'bad' }) });
        // Without the clock and process figures, where a four-digit code can appear by chance (1796018385850 holds 6018).
        const log = lines.map((l) => JSON.stringify({ ...JSON.parse(l), time: 0, pid: 0, responseTime: 0 })).join('\n');
        expect(lines.length).toBeGreaterThan(4);
        const verificationId = cookie.split('=')[1] ?? 'none';
        for (const secret of [phone.national, phone.e164, 'jane.roe@example.com', 'Roe', s.sms.lastCode(phone.e164) ?? 'none', verificationId]) {
          expect(log).not.toContain(secret);
        }
      } finally {
        await app.close();
        await s.close();
      }
    },
    STARTUP_MS,
  );
});
