// Issue 35, paint before JavaScript: each route's first screen comes as HTML in the visitor's language (what a crawler,
// a link preview or a phone still fetching the code sees), a report's with its public facts only, and the app then takes
// that HTML over (hydrates it) without drawing it anew and without a mismatch; a reload mid-funnel still resumes its step.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CODE_ID, TEXT_PAGES } from '../../engine/site-pages.ts';
import { useSharedAppAndBrowser } from '../testing/app-and-browser.ts';
import { PHONE, browserAvailable, closePage, firstVisitsPage, openPage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { allFlows } from '../testing/flows.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { ingestReports, sampleReport } from '../testing/reports.ts';

/** Each funnel's first route and its first step's heading key (FunnelPage's titleOf; the flow's namespace first). */
const FUNNELS = new Map(
  allFlows().map((flow) => {
    const title = flow.steps[flow.initial]?.title ?? 'meta.title';
    return [flow.routes[0] as string, title.includes(':') ? title : `${flow.namespace}:${title}`];
  }),
);
const PATHS = ['/', ...FUNNELS.keys(), '/accidents-near-me', '/results', '/privacy', ...TEXT_PAGES.map((page) => `/${page}`)];
const CASES = PATHS.flatMap((path) => (['en', 'es'] as const).map((lang) => [path, lang] as const));

/** What a visitor reads first: the page's heading, and its main action (the primary button or link shown), if it has one. */
async function firstScreen(page: Page) {
  const main = page.getByRole('main');
  const action = main.locator('.btn-primary:visible').first();
  return {
    heading: (await main.getByRole('heading', { level: 1 }).first().textContent())?.trim(),
    action: (await action.count()) ? (await action.textContent())?.trim() : undefined,
  };
}

/** A transparent pixel: the map's tiles (no tile server here), so that a missing picture is no console error. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * A page with its JavaScript, which load() opens a URL in as a first visit would: what it logged (console errors and
 * warnings, page errors), the styles it fetched (but the map's, which are not inline), its report searches, and the
 * nodes removed from #root are counted from the load.
 */
async function watchedPage(browser: Browser) {
  const { page, visit } = await firstVisitsPage(browser, { viewport: PHONE });
  await page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'image/png', body: TILE }));
  const messages: string[] = [];
  const styles: string[] = [];
  const searches: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' && !/\/leaflet-[^/]*\.css$/.test(request.url())) styles.push(new URL(request.url()).pathname);
    if (new URL(request.url()).pathname === '/api/reports/search') searches.push(request.url());
  });
  // A page drawn anew over the server's HTML (createRoot) removes the nodes it came with; hydration keeps them.
  await page.addInitScript(() => {
    const counted = window as unknown as { removedFromRoot: number };
    counted.removedFromRoot = 0;
    new MutationObserver((records) => {
      for (const record of records) if ((record.target as Element).id === 'root') counted.removedFromRoot += record.removedNodes.length;
    }).observe(document, { childList: true, subtree: true });
  });
  const removed = () => page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot);
  const load = async (url: string) => {
    for (const seen of [messages, styles, searches]) seen.length = 0;
    await visit(url);
    await page.waitForLoadState('networkidle');
  };
  return { page, messages, styles, searches, removed, load };
}
type Watched = Awaited<ReturnType<typeof watchedPage>>;

/**
 * The page loaded with its JavaScript: the app takes the first screen drawn over as it is (no node replaced, no warning),
 * and fetches none of the styles the page holds inline: the code it loads later (the next steps, drawn ahead) would link
 * them again, and the browser would fetch each and restyle the whole page.
 */
async function expectTakenOver(live: Watched, url: string, drawn: Awaited<ReturnType<typeof firstScreen>>) {
  await live.load(url);
  expect(await firstScreen(live.page)).toEqual(drawn);
  expect(await live.removed(), 'nodes of the drawn page removed (drawn anew, not hydrated)').toBe(0);
  expect(live.messages).toEqual([]);
  expect(live.styles, 'styles fetched that the page holds inline').toEqual([]);
  // A results page comes with its search's answer: the app does not ask for it again.
  expect(live.searches, 'searches the page came answered').toEqual([]);
}

/**
 * A page at url whose code is held back until the returned function is called: what a phone shows, and a person can
 * type in, between the HTML and the app. Once called, it waits until the app has loaded and taken the page over.
 */
async function beforeTheCode(browser: Browser, url: string) {
  const opened = await openPage(browser, { viewport: PHONE });
  const { page } = opened;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  const codeRuns = async () => {
    release();
    await page.waitForLoadState('networkidle');
  };
  return { opened, page, codeRuns };
}

describe.runIf(browserAvailable)('the first screen before JavaScript', () => {
  const suite = useSharedAppAndBrowser();
  const at = (path: string, lang: Lang) => `${suite.server.url}${path}${lang === 'es' ? '?lang=es' : ''}`;
  // Two pages every case loads its URL in, one case after another (firstVisitsPage): one without JavaScript (the HTML as
  // it comes), one with. The cases opened two pages each: the file took 344 CPU-seconds, now about half.
  let bare: Page;
  let live: Watched;
  beforeAll(async () => {
    bare = await (await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false })).newPage();
    live = await watchedPage(suite.browser);
  });
  // The browser is the worker's, for the files after this one.
  afterAll(() => Promise.all([bare, live.page].map((page) => page.context().close())));
  /** The first screen of url as the HTML draws it. */
  const drawnAt = async (url: string) => {
    await bare.goto(url);
    return firstScreen(bare);
  };

  it.each(CASES)('%s (%s) comes drawn in its language, and the app takes it over as it is', async (path, lang) => {
    const drawn = await drawnAt(at(path, lang));
    expect(await bare.locator('html').getAttribute('lang')).toBe(lang);
    // Its code starts after the first paint (server/page-code.ts): nothing the HTML names fetches it before.
    expect(await bare.locator('script[src], link[rel="modulepreload"], link[rel="preload"][as="style"]').count()).toBe(0);
    const code = JSON.parse((await bare.locator(`#${PAGE_CODE_ID}`).textContent()) ?? '{}') as { entry?: string };
    expect(code.entry).toMatch(/^\/assets\/index-.*\.js$/);
    // A text page comes with its words, which end with the line saying where they come from (not "Loading…").
    if (TEXT_PAGES.some((text) => `/${text}` === path)) expect(await bare.getByRole('main').textContent()).toContain(copy(lang, 'privacy:legal.generated'));
    const funnelTitle = FUNNELS.get(path);
    if (funnelTitle !== undefined) {
      expect(drawn.heading).toBe(copy(lang, funnelTitle));
      expect(drawn.action, 'a funnel starts with a button').toBeTruthy();
    }

    await expectTakenOver(live, at(path, lang), drawn);
  });

  it('keeps a number typed before the code has run, and takes a tap on its button made before then', async () => {
    const t = (key: string) => copy('en', `privacy:${key}`);
    const phone = uniquePhone();
    const { opened, page, codeRuns } = await beforeTheCode(suite.browser, at('/privacy', 'en'));
    await page.getByRole('textbox', { name: t('phone.label') }).fill(phone.typed);
    await page.getByRole('button', { name: t('phone.send') }).click();
    expect(page.url(), 'the number in the address').toBe(at('/privacy', 'en'));
    await codeRuns();
    // The tap is the app's once it has the number: the code is sent to it, with no second tap.
    await page.getByLabel(t('code.label')).waitFor();
    expect(await page.getByRole('main').innerText()).toContain(phone.typed.slice(-4));
    await closePage(opened);
  });

  // Most visitors land from an ad, with its names in the address: the first screen is the same, and is not drawn again.
  it.each(['en', 'es'] as const)('takes over the home page or a funnel reached from an ad as it is drawn (%s)', async (lang) => {
    const ad = (path: string) => `${at(path, lang)}${lang === 'es' ? '&' : '?'}utm_source=google&utm_campaign=truck-tx&gclid=Cj0KCQ-35`;
    for (const path of ['/', '/request-truck-attorney', '/calculate-your-accident-claim-value']) {
      const drawn = await drawnAt(ad(path));
      expect(drawn.heading).toBe(copy(lang, FUNNELS.get(path) ?? 'search:home.title'));
      await expectTakenOver(live, ad(path), drawn);
    }
  });

  it.each(['en', 'es'] as const)('draws the results page ahead without a search, never "start a search" with one (%s)', async (lang) => {
    const page = async (query: string) => {
      const url = `${at('/results', lang)}${query && (lang === 'es' ? '&' : '?')}${query}`;
      const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
      return /<div id="root"[^>]*>([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? html;
    };
    expect(await page('')).toContain(copy(lang, 'search:results.empty.start'));
    // Drawn with its answer (none found, some found), or left to the browser (a VIN's handle, which only its tab reads).
    for (const search of ['caseId=LBK-35-0002&state=TX', 'lat=33.5779&lng=-101.8552', 's=abcdefghijkl']) {
      expect(await page(search), search).not.toContain(copy(lang, 'search:results.empty.start'));
    }
  });

  // With calc_id (which the calculator reads) the app draws the page anew over the server's: the tap is still taken.
  it.each([
    ['en', ''],
    ['es', ''],
    ['en', 'calc_id=taps'],
  ] as const)("takes a tap on a funnel's first button made before the code has run (%s %s)", async (lang, query) => {
    const route = `/calculate-your-accident-claim-value${query && `?${query}`}`;
    const { opened, page, codeRuns } = await beforeTheCode(suite.browser, at(route, lang));
    const next = page.getByRole('button', { name: copy(lang, 'common:nav.continue'), exact: true });
    await next.click();
    // The tap shows it was taken (a person would otherwise tap again, or give up), until the app has done it.
    expect(await next.getAttribute('data-held')).toBe('');
    await codeRuns();
    await page.getByRole('heading', { level: 1, name: copy(lang, 'calculator:step1.title') }).waitFor();
    expect(await page.locator('[data-held]').count()).toBe(0);
    await closePage(opened);
  });

  describe("a report's page, and the results that list it", () => {
    /** A report of its own VIN, in Lubbock: no other suite's search on the shared server finds it. */
    const report = sampleReport({
      crashId: 'PAINT-1',
      caseId: 'LBK-35-0001',
      city: 'Lubbock',
      county: 'Lubbock',
      zip: '79401',
      location: { lat: 33.5779, lng: -101.8552 },
      street: '19th St & University Ave',
    });
    const units = report.units as { vin: string; towedBy?: string; driver: { firstName: string; lastName: string } }[];
    units[0]!.vin = '3VWFE21C04M000035';
    /** What the proof rule keeps from anyone without proof (server/reports/report-view.ts): none of it may be in the page. */
    const personal = [
      report.caseId,
      report.street,
      report.narrative,
      ...units.flatMap((unit) => [unit.vin, unit.towedBy, unit.driver.firstName, unit.driver.lastName]),
    ].filter((text): text is string => typeof text === 'string');
    let path: string;

    beforeAll(async () => {
      expect(await ingestReports(suite.server.url, [report])).toMatchObject({ accepted: 1 });
      const found = (await (await fetch(`${suite.server.url}/api/reports/search?vin=${units[0]!.vin}`)).json()) as { results: { id: string }[] };
      path = `/accident/${found.results[0]!.id}`;
    });

    it.each(['en', 'es'] as const)('comes drawn with its public facts only (%s), and the app takes it over as it is', async (lang) => {
      const response = await fetch(at(path, lang), { headers: { accept: 'text/html' } });
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      for (const text of personal) expect(html, 'personal data in the page').not.toContain(text);
      expect(html).toContain(report.policeDepartment as string);

      const drawn = await drawnAt(at(path, lang));
      expect(drawn.heading).toBe(copy(lang, 'report:screen.title'));

      await expectTakenOver(live, at(path, lang), drawn);
    });

    // A place (the last 14 days, as a pin's link gives it) and a case ID: the results come drawn, public facts only.
    it.each([
      ['a place', 'en', '/results?lat=33.5779&lng=-101.8552&near=University%20Ave%2C%20Lubbock'],
      ['a place', 'es', '/results?lat=33.5779&lng=-101.8552&near=University%20Ave%2C%20Lubbock'],
      ['a case ID', 'en', '/results?caseId=LBK-35-0001&state=TX'],
    ] as const)('a search of %s (%s) comes drawn with its results, and the app takes them over', async (_, lang, search) => {
      const url = `${suite.server.url}${search}${lang === 'es' ? '&lang=es' : ''}`;
      const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
      for (const text of personal.filter((text) => !search.includes(text))) expect(html, 'personal data in the page').not.toContain(text);

      const drawn = await drawnAt(url);
      expect(drawn.heading).toBe(copy(lang, 'search:results.title'));
      const count = copy(lang, 'search:results.count_one').replace('{{count}}', '1');
      expect(await bare.getByRole('main').getByRole('heading', { level: 2, name: count, exact: true }).count(), 'the count found').toBe(1);
      expect(await bare.locator(`main a[href^="${path}"]`).count(), 'a link to the report found').toBe(1);

      await expectTakenOver(live, url, drawn);
    });
  });

  it('a reload mid-funnel resumes its step, in its language', async () => {
    const route = '/calculate-your-accident-claim-value';
    const { page } = live;
    const heading = (key: string) => page.getByRole('heading', { level: 1, name: copy('es', key) });
    await live.load(at(route, 'es'));
    await page.getByRole('button', { name: copy('es', 'common:nav.continue'), exact: true }).click();
    await heading('calculator:step1.title').waitFor();
    await page.reload();
    await heading('calculator:step1.title').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await heading('calculator:step1.title').isVisible()).toBe(true);
    expect(live.messages).toEqual([]);
  });
});
