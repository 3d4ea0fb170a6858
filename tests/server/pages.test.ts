// The page a browser navigation gets: in the visitor's language (?lang=, then the visit's choice, then the browser's),
// with its own title, description, canonical address, hreflang and link-preview tags, and 404 for what is no page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAWN_SEARCH_ID, TEXT_PAGE_COPY, TEXT_PAGES } from '../../engine/site-pages.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { storeReport } from '../testing/report-store.ts';
import { sampleReport } from '../testing/reports.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { makeTestDist, makeTestServer, type TestServer } from '../testing/test-servers.ts';

const ORIGIN = 'https://claims.example.com';
const SPANISH_BROWSER = 'es-US,es;q=0.9,en;q=0.5';

let dist: Awaited<ReturnType<typeof makeTestDist>>;
let s: TestServer;
let reportId: string;

beforeAll(async () => {
  dist = await makeTestDist();
  s = await makeTestServer({ config: { staticDir: dist.dir, publicUrl: ORIGIN } });
  reportId = await storeReport(s.db, sampleReport({ occurredAt: '2026-11-20T17:30:00-06:00' }));
}, STARTUP_MS);
afterAll(async () => {
  await s.close();
  await dist.remove();
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ url, headers: { accept: 'text/html', ...headers } });
  const body = res.body;
  const lang = /<html lang="([a-z]{2})">/.exec(body)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const meta = (attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(body)?.[1];
  const link = (rel: string, hreflang?: string) => new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(body)?.[1];
  return { res, body, lang, title, meta, link };
}

const unescape = (text = '') => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
const filled = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  copy(lang, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const titleOf = (lang: Lang, key: string, values?: Record<string, string>) => `${filled(lang, key, values)} | ${copy(lang, 'app:brand')}`;

describe('the visitor’s language', () => {
  it.each([
    ['a Spanish browser, nothing asked', '/', { 'accept-language': SPANISH_BROWSER }, 'es'],
    ['an English browser', '/', { 'accept-language': 'en-US,en;q=0.9' }, 'en'],
    ['a browser of neither language', '/', { 'accept-language': 'fr-FR,fr;q=0.9' }, 'en'],
    ['no Accept-Language', '/', {}, 'en'],
    ['?lang=en in a Spanish browser (the address wins)', '/?lang=en', { 'accept-language': SPANISH_BROWSER }, 'en'],
    ['English chosen earlier in the visit, in a Spanish browser', '/', { 'accept-language': SPANISH_BROWSER, cookie: 'cf_lang=en' }, 'en'],
    ['?lang=es after English was chosen (the address wins)', '/?lang=es', { cookie: 'cf_lang=en' }, 'es'],
    ['a language we do not have in the cookie', '/', { 'accept-language': SPANISH_BROWSER, cookie: 'cf_lang=fr' }, 'es'],
  ])('%s: the page is in %s', async (_, url, headers, lang) => {
    const p = await page(url, headers);
    expect(p.res.statusCode).toBe(200);
    expect(p.lang).toBe(lang);
    expect(p.title).toBe(titleOf(lang as Lang, 'search:home.title'));
    // A cache keeps one copy per language, encoding and visit choice.
    expect(p.res.headers.vary).toMatch(/Accept-Language.*Cookie.*Accept-Encoding/);
  });
});

describe('each page’s head', () => {
  it.each(['en', 'es'] as const)('%s: a funnel route has its own title and description, its address in both languages and a preview', async (lang) => {
    const p = await page(`/calculate-your-accident-claim-value${lang === 'es' ? '?lang=es&utm_source=ad' : '?utm_source=ad'}`);
    expect(p.title).toBe(titleOf(lang, 'calculator:meta.title'));
    expect(unescape(p.meta('name', 'description'))).toBe(copy(lang, 'calculator:meta.description'));
    // Tracking parameters are not part of the address search engines and previews keep.
    const en = `${ORIGIN}/calculate-your-accident-claim-value`;
    expect(p.link('canonical')).toBe(lang === 'en' ? en : `${en}?lang=es`);
    expect(p.link('alternate', 'en')).toBe(en);
    expect(p.link('alternate', 'es')).toBe(`${en}?lang=es`);
    expect(p.link('alternate', 'x-default')).toBe(en);
    expect(p.link('manifest')).toBe(lang === 'en' ? '/manifest.webmanifest' : '/manifest.webmanifest?lang=es');
    expect(unescape(p.meta('property', 'og:title'))).toBe(copy(lang, 'calculator:meta.title'));
    expect(p.meta('property', 'og:url')).toBe(p.link('canonical'));
    expect(p.meta('property', 'og:image')).toBe(`${ORIGIN}/icons/preview-${lang}.png`);
    expect(p.meta('property', 'og:locale')).toBe(lang === 'en' ? 'en_US' : 'es_US');
    expect(p.meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(p.meta('name', 'robots')).toBeUndefined();
  });

  it.each([
    ['/', 'search:home.title'],
    ['/find-my-report', 'search:meta.title'],
    ['/tx/request-attorney', 'attorney:meta.title'],
    ['/accidents-near-me', 'search:near.title'],
    ['/privacy', 'app:pages.privacy.title'],
    // The text pages, titled as src/pages/legal/LegalPage.tsx titles them.
    ...TEXT_PAGES.map((page) => [`/${page}`, `${TEXT_PAGE_COPY[page]}.title`]),
  ])('%s is titled %s in Spanish', async (url, key) => {
    const p = await page(url, { 'accept-language': SPANISH_BROWSER });
    expect(p.res.statusCode).toBe(200);
    expect(p.title).toBe(titleOf('es', key));
    expect(p.meta('name', 'description')).toBeTruthy();
  });

  it("a report's card tells its place and date, nothing of the people in it", async () => {
    for (const url of [`/accident/${reportId}`, `/${reportId}`]) {
      const p = await page(url);
      expect(p.res.statusCode).toBe(200);
      expect(p.title).toBe(titleOf('en', 'report:screen.pageTitle', { place: 'Austin, TX' }));
      expect(unescape(p.meta('name', 'description'))).toBe(filled('en', 'head:report', { place: 'Austin, TX', date: 'November 20, 2026' }));
      expect(p.meta('property', 'og:url')).toBe(`${ORIGIN}${url}`);
      for (const personal of ['Lopez', 'Maria', '1HGCM82633A004352', '24-0012345', '6th St', '78701', 'red light']) expect(p.body).not.toContain(personal);
    }
    const es = await page(`/accident/${reportId}?lang=es`);
    expect(unescape(es.meta('name', 'description'))).toContain('20 de noviembre de 2026');
  });

  it.each(['/verify/AbCdEfGhIjKlMnOpQrStUv', '/unsubscribe/AbCdEfGhIjKlMnOp', '/certificates/abc', '/results?state=TX'])(
    '%s (a token’s or a search’s page) is kept out of search engines, with no address or preview of its own',
    async (url) => {
      const p = await page(url);
      expect(p.res.statusCode).toBe(200);
      expect(p.meta('name', 'robots')).toBe('noindex');
      expect(p.link('canonical')).toBeUndefined();
      expect(p.meta('property', 'og:url')).toBeUndefined();
    },
  );
});

describe('what is no page', () => {
  it.each([
    ['a one-segment path', '/no-such-page'],
    ['a one-segment id of a report’s shape that is no report', '/AAAAAAAAAAAAAAAAAAAAAA'],
    ['a report id that is no report', '/accident/AAAAAAAAAAAAAAAAAAAAAA'],
    ['a funnel under a state with no funnels', '/zz/request-attorney'],
    ['a path under a funnel', '/request-attorney/more'],
  ])('%s answers 404 with the app, which shows the not-found page, in the visitor’s language', async (_, url) => {
    const p = await page(url, { 'accept-language': SPANISH_BROWSER });
    expect(p.res.statusCode).toBe(404);
    expect(p.body).toContain('<div id="root"></div>');
    expect(p.lang).toBe('es');
    expect(p.title).toBe(titleOf('es', 'app:notFound.title'));
    expect(p.meta('name', 'robots')).toBe('noindex');
  });
});

describe('the app manifest', () => {
  it.each(['en', 'es'] as const)('%s: names the app with its icons and colours', async (lang) => {
    const res = await s.app.inject({ url: `/manifest.webmanifest${lang === 'es' ? '?lang=es' : ''}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json<{ lang: string; description: string; start_url: string; theme_color: string; icons: { src: string; purpose?: string }[] }>();
    expect(manifest).toMatchObject({ lang, description: copy(lang, 'app:tagline'), start_url: lang === 'en' ? '/' : '/?lang=es', theme_color: '#0b57d0' });
    expect(manifest.icons.map((icon) => icon.src)).toEqual(['/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']);
  });
});

describe('a results page with a search', () => {
  // The build's Node bundle as far as the server uses it: a search is the address's query but its language and a VIN's
  // handle, and a page says what it was drawn with.
  const drawing = `
    export const searchQueryOf = (search) => {
      const query = new URLSearchParams(search);
      if (query.has('fail')) throw new Error('no search');
      query.delete('lang');
      return query.has('s') ? undefined : query.toString();
    };
    export const renderPage = async ({ results }) => {
      await globalThis.drawing;
      return '<p>drawn with ' + JSON.stringify(results) + '</p>';
    };
  `;
  const LIMIT = 3;
  let drawn: Awaited<ReturnType<typeof makeTestDist>>;
  let server: TestServer;
  beforeAll(async () => {
    drawn = await makeTestDist(drawing);
    server = await makeTestServer({ config: { staticDir: drawn.dir, publicUrl: ORIGIN, rateLimit: { apiPerMinute: LIMIT, staticPerMinute: 1000 } } });
    await storeReport(server.db, sampleReport());
  }, STARTUP_MS);
  afterAll(async () => {
    await server?.close();
    await drawn?.remove();
  });

  const visit = (url: string, remoteAddress: string) => server.app.inject({ url, remoteAddress, headers: { accept: 'text/html' } });
  const search = (query: string, remoteAddress: string) => server.app.inject({ url: `/api/reports/search?${query}`, remoteAddress });
  const QUERY = 'city=Austin&state=TX';

  it("is drawn with the API's answer to its visitor, each a search of the visitor's API limit; over it, the browser asks", async () => {
    const answer = (await search(QUERY, '198.51.100.7')).json<{ count: number }>();
    expect(answer.count).toBe(1);
    const first = await visit(`/results?${QUERY}`, '198.51.100.8');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`<script type="application/json" id="${DRAWN_SEARCH_ID}">`);
    const block = JSON.parse(/id="claimflow-search">([^<]*)</.exec(first.body)![1]!) as { query: string; answer: unknown; today: string };
    expect(block).toMatchObject({ query: QUERY, answer });
    expect(block.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.body).toContain('data-search="city=Austin&amp;state=TX"');

    // The page's search was the visitor's first of LIMIT: LIMIT - 1 more, and then neither the API nor a page searches.
    for (let i = 1; i < LIMIT; i++) expect((await search(QUERY, '198.51.100.8')).statusCode).toBe(200);
    expect((await search(QUERY, '198.51.100.8')).statusCode).toBe(429);
    const over = await visit(`/results?${QUERY}`, '198.51.100.8');
    expect(over.statusCode).toBe(200);
    expect(over.body).not.toContain(DRAWN_SEARCH_ID);
    expect(over.body).toContain('<div id="root"></div>');
    // Another visitor's page is still drawn.
    expect((await visit(`/results?${QUERY}&lang=es`, '198.51.100.9')).body).toContain(DRAWN_SEARCH_ID);
  });

  it('comes streamed: its head, with the styles, before the page is drawn', async () => {
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        let draw = () => {};
        (globalThis as { drawing?: Promise<void> }).drawing = new Promise<void>((resolve) => (draw = resolve));
        const res = await fetch(`${url}/results?${QUERY}`, { headers: { accept: 'text/html', 'accept-encoding': encoding } });
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        const first = await reader.read();
        expect(first.value, encoding).toMatch(/<\/head>\s*<body>$/);
        expect(first.value, encoding).not.toContain('drawn with');
        draw();
        let rest = '';
        for (let part = await reader.read(); !part.done; part = await reader.read()) rest += part.value;
        expect(rest, encoding).toMatch(/^<div id="root" data-search="[^"]+"><p>drawn with \{"query"[^<]*<\/p><\/div>[\s\S]*<\/html>$/);
      }
    } finally {
      delete (globalThis as { drawing?: Promise<void> }).drawing;
    }
  });

  it("leaves a VIN's handle, a search the API refuses and one that fails to be found to the browser", async () => {
    for (const query of ['s=abcdefghijkl', 'city=Austin', 'fail=1']) {
      const page = await visit(`/results?${query}`, '198.51.100.10');
      expect(page.statusCode, query).toBe(200);
      expect(page.body, query).toContain('<div id="root"></div>');
    }
  });
});
