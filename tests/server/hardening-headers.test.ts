// Security headers on every kind of response: API answers and errors, files, the SPA page, 404, 413, 429, 500.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { PAGE_LOADER } from '../../server/page-code.ts';
import { cspDirectives, PERMISSIONS_POLICY } from '../../server/security.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { brokenDb, STARTUP_MS } from '../testing/test-db.ts';
import { makeTestDist, makeTestServer, testConfig, type TestServer } from '../testing/test-servers.ts';

/** The one inline script a page may run: the loader of its code, by its hash. */
const LOADER = `'sha256-${createHash('sha256').update(PAGE_LOADER).digest('base64')}'`;

/** The CSP as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, frameAncestors = "'self'"): void {
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'", LOADER]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')?.join(' ')).toBe(frameAncestors);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://tile.openstreetmap.org']);
  expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)/);
}

describe('every response carries the security headers', () => {
  let dist: Awaited<ReturnType<typeof makeTestDist>>;
  let s: TestServer;
  beforeAll(async () => {
    dist = await makeTestDist();
    s = await makeTestServer({ config: { staticDir: dist.dir } });
  }, STARTUP_MS);
  afterAll(async () => {
    await s.close();
    await dist.remove();
  });

  const phone = uniquePhone();
  const kinds: [string, (app: FastifyInstance) => Promise<LightMyRequestResponse>, number][] = [
    ['API 200', (app) => app.inject({ method: 'POST', url: '/api/user/mfa-sms-send', payload: { country_code: '+1', phone: phone.national } }), 200],
    ['API 400 (bad body)', (app) => app.inject({ method: 'POST', url: '/api/user/tcpa', payload: {} }), 400],
    [
      'API 400 (malformed JSON)',
      (app) => app.inject({ method: 'POST', url: '/api/user/tcpa', headers: { 'content-type': 'application/json' }, payload: '{' }),
      400,
    ],
    ['API 404', (app) => app.inject({ url: '/api/nope' }), 404],
    ['malformed URL', (app) => app.inject({ url: '/api/%E0%A4%A' }), 400],
    ['API 413', (app) => app.inject({ method: 'POST', url: '/api/user/tcpa', payload: { firstName: 'x'.repeat(40_000) } }), 413],
    ['API 415', (app) => app.inject({ method: 'POST', url: '/api/user/tcpa', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }), 415],
    [
      'preflight from an origin that is not allowed',
      (app) => app.inject({ method: 'OPTIONS', url: '/api/user/tcpa', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } }),
      404,
    ],
    ['static asset', (app) => app.inject({ url: '/assets/index-1a2b3c.js' }), 200],
    ['stylesheet', (app) => app.inject({ url: '/assets/index-4d5e6f.css' }), 200],
    ['index.html at /', (app) => app.inject({ url: '/', headers: { accept: 'text/html' } }), 200],
    ['SPA fallback page', (app) => app.inject({ url: '/calculate-your-accident-claim-value', headers: { accept: 'text/html' } }), 200],
    ['SPA fallback, HEAD', (app) => app.inject({ method: 'HEAD', url: '/accidents-near-me/embed', headers: { accept: 'text/html' } }), 200],
    ['missing file 404', (app) => app.inject({ url: '/assets/missing.js' }), 404],
  ];

  it.each(kinds)('%s', async (_name, request, status) => {
    const res = await request(s.app);
    expect(res.statusCode).toBe(status);
    expectSecurityHeaders(res);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('500 (the database fails)', async () => {
    const app = await buildApp({ config: testConfig(), db: brokenDb(), sms: recordingSms() });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/user/mfa-sms-send', payload: { country_code: '+1', phone: phone.national } });
      expect(res.statusCode).toBe(500);
      expectSecurityHeaders(res);
    } finally {
      await app.close();
    }
  });

  it('429 (over the rate limit)', async () => {
    const app = await buildApp({
      config: testConfig({ staticDir: dist.dir, rateLimit: { apiPerMinute: 1, staticPerMinute: 1 } }),
      db: s.db,
      sms: recordingSms(),
    });
    try {
      for (const url of ['/api/nope', '/assets/index-1a2b3c.js']) {
        await app.inject({ url });
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(429);
        expectSecurityHeaders(res);
      }
    } finally {
      await app.close();
    }
  });
});

describe('framing', () => {
  it.each([
    ["'self' https://partner.example https://*.news.example", "'self' https://partner.example https://*.news.example", undefined],
    ["'none'", "'none'", 'DENY'],
  ])('FRAME_ANCESTORS=%s sets frame-ancestors and the fitting X-Frame-Options', async (env, expected, xfo) => {
    const config = testConfig({ frameAncestors: loadConfig({ FRAME_ANCESTORS: env }).frameAncestors });
    const app = await buildApp({ config, db: brokenDb(), sms: recordingSms() });
    try {
      const res = await app.inject({ url: '/accidents-near-me/embed?lang=es' });
      expectSecurityHeaders(res, expected);
      // A partner's frame would be refused by X-Frame-Options, which knows no origin list.
      expect(res.headers['x-frame-options']).toBe(xfo);
    } finally {
      await app.close();
    }
  });

  it('lets partners frame the embeds only: every other page and the API stay framed by the site alone', async () => {
    const config = testConfig({ frameAncestors: loadConfig({ FRAME_ANCESTORS: "'self' https://partner.example" }).frameAncestors });
    const app = await buildApp({ config, db: brokenDb(), sms: recordingSms() });
    try {
      for (const url of [
        '/request-attorney',
        '/accidents-near-me',
        '/accident/abc/embedded',
        '/accident/abc/embed',
        '/request-attorney/embed',
        '/api/nope/embed',
        '/api/nope',
      ]) {
        const res = await app.inject({ url });
        expectSecurityHeaders(res, "'self'");
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
      expectSecurityHeaders(await app.inject({ url: '/accidents-near-me/embed' }), "'self' https://partner.example");
    } finally {
      await app.close();
    }
  });

  it('lets the map tiles come from MAP_TILE_ORIGINS', () => {
    const config = loadConfig({ MAP_TILE_ORIGINS: 'https://tiles.example.com' });
    expect(cspDirectives(config)['img-src']).toEqual(["'self'", 'data:', 'https://tiles.example.com']);
  });

  it('lets Google place search and geocoding through with GOOGLE_MAPS=on, and only then', async () => {
    const off = cspDirectives(loadConfig({ GOOGLE_MAPS: 'off' }));
    expect([off['script-src'], off['connect-src'], off['img-src']]).toEqual([
      ["'self'", LOADER],
      ["'self'"],
      ["'self'", 'data:', 'https://tile.openstreetmap.org'],
    ]);

    const app = await buildApp({ config: testConfig({ googleMaps: loadConfig({ GOOGLE_MAPS: 'on' }).googleMaps }), db: brokenDb(), sms: recordingSms() });
    try {
      const policy = csp(await app.inject({ url: '/api/nope' }));
      expect(policy.get('script-src')).toEqual(["'self'", LOADER, 'https://maps.googleapis.com', 'https://maps.gstatic.com']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://maps.googleapis.com', 'https://places.googleapis.com']);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://tile.openstreetmap.org', 'https://maps.googleapis.com', 'https://maps.gstatic.com']);
    } finally {
      await app.close();
    }
    expect(() => loadConfig({ GOOGLE_MAPS: 'yes' })).toThrow(/GOOGLE_MAPS must be one of on, off/);
  });
});

describe('the web app works under the CSP', () => {
  // vite copies index.html's markup into dist: an inline script, inline style or handler there would be blocked.
  const indexHtml = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');

  it('index.html has no inline script, style or event handler', () => {
    const scripts = [...indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(indexHtml).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });
});
