// The report search in Chromium against the real server with known reports ingested (no demo data): /find-my-report by
// VIN, by case ID (each on its date) and by a map pin on to /results and the report, nothing found and widened, a VIN's
// report on another date, /accidents-near-me and its embed, the home page with a report's short link, and the side menu;
// phone and desktop, English and Spanish, axe on every screen.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/validators.ts';
import { addDays } from '../../engine/report-search.ts';
import { useSharedAppAndBrowser } from '../testing/app-and-browser.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, PHONE, browserAvailable, closePage, openPage } from '../testing/browser.ts';
import { NARROW, expectReflowAndTouchTargets } from '../testing/layout.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { expectHeadingFocused, FieldWalk, FunnelWalk, saveStepShot } from '../testing/funnel-walk.ts';
import { locate } from '../testing/locate-walk.ts';
import { AUSTIN, REPORT_CASE, REPORT_VIN, ingestReports, mainReportDay, searchReports } from '../testing/reports.ts';

type Size = 'phone' | 'desktop';

/** The Texas view of the map picker (/tx/…, widgets/locate/map-view.ts): centre and zoom. */
const TEXAS = { lat: 31.05, lng: -97.56, zoom: 6 };

/** Screen pixels from a map's centre to a point, in Web Mercator at a zoom (256-pixel tiles). */
function pixelOffset(centre: { lat: number; lng: number }, zoom: number, to: { lat: number; lng: number }) {
  const world = 256 * 2 ** zoom;
  const x = (lng: number) => ((lng + 180) / 360) * world;
  const y = (lat: number) => ((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * world;
  return { dx: x(to.lng) - x(centre.lng), dy: y(to.lat) - y(centre.lat) };
}

describe.runIf(browserAvailable)('the report search in the browser', () => {
  const suite = useSharedAppAndBrowser();
  let mainId = '';

  beforeAll(async () => {
    expect(await ingestReports(suite.server.url, searchReports())).toMatchObject({ accepted: 3, rejected: [] });
    const found = (await (await fetch(`${suite.server.url}/api/reports/search?vin=${REPORT_VIN}`)).json()) as { results: { id: string }[] };
    mainId = found.results[0]?.id ?? '';
    expect(mainId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  const open = (size: Size, options: BrowserContextOptions = {}) => openPage(suite.browser, { viewport: size === 'phone' ? PHONE : DESKTOP, ...options });
  const close = closePage;

  const t = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
    Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), copy(lang, key));

  /** Checks the screen with axe and, with SCREENSHOT_DIR set, saves it. */
  async function screen(page: Page, name: string) {
    await saveStepShot(page, 'report-search', name);
    await expectNoAxeViolations(page, name);
  }

  const results = (page: Page, lang: Lang, count: number) =>
    page.getByRole('heading', { level: 2, name: t(lang, count === 1 ? 'search:results.count_one' : 'search:results.count_other', { count }) });

  /** The intro of /find-my-report, then the locating step (its screen is checked by the walk that fills it). */
  async function startFinding(w: FunnelWalk, path = '/find-my-report') {
    await w.open(path, 'search:find.intro.title');
    await w.shot('find-0');
    await w.button('search:find.intro.start').click();
    await w.heading('search:find.locate.title').waitFor();
    await expectHeadingFocused(w.page, 'find-1.75');
  }

  /** The results page reached from the wizard, its one result opened. */
  async function openOnlyResult(page: Page, lang: Lang, shot: string) {
    await page.getByRole('heading', { level: 1, name: t(lang, 'search:results.title') }).waitFor();
    await results(page, lang, 1).waitFor();
    await screen(page, shot);
    await page
      .getByRole('list', { name: t(lang, 'search:results.count_one', { count: 1 }) })
      .getByRole('link')
      .click();
    await page.getByRole('heading', { level: 1, name: t(lang, 'report:screen.title') }).waitFor();
  }

  it('finds a report by VIN (English, phone), opens it with its personal data, and Back returns to the filled-in form', async () => {
    const run = await open('phone');
    const w = new FunnelWalk(run.page, suite.server, 'en', 'vin-en-phone');
    await startFinding(w);
    // The phone's date wheel is confirmed on today: the report of two days ago is within its 3 days.
    await locate(w, 'vin', true);
    // The VIN stays out of the address: a handle to it, kept in the tab.
    await run.page.waitForURL((url) => url.pathname === '/results' && url.searchParams.has('s'));
    expect(run.page.url()).not.toContain(REPORT_VIN);
    // The date narrows the search to 3 days either side (none after today); the city puts the VIN's reports there first.
    const on = today(new Date());
    expect(Object.fromEntries(new URL(run.page.url()).searchParams)).toMatchObject({ from: addDays(on, -3), to: on, city: 'Austin', state: 'TX' });
    expect(await run.page.getByRole('list', { name: t('en', 'search:results.searched') }).textContent()).toContain(
      t('en', 'search:results.vin', { vin: REPORT_VIN }),
    );
    // A reload finds the VIN in the tab.
    await run.page.reload();
    await results(run.page, 'en', 1).waitFor();
    // A VIN search keeps its map behind a button: the map's code comes only then.
    await run.page.getByRole('button', { name: t('en', 'search:map.show_one') }).click();
    await run.page.getByRole('region', { name: t('en', 'search:map.label') }).waitFor();
    await openOnlyResult(run.page, 'en', 'vin-en-phone-results');
    // The result's link stands for the VIN searched (never the VIN): the page asks only for a last name.
    await run.page.waitForURL((url) => url.pathname === `/accident/${mainId}` && url.search === '');
    await run.page.getByText(t('en', 'report:screen.proof.knownText')).waitFor();
    await run.page.getByRole('textbox', { name: t('en', 'report:screen.proof.lastName') }).fill('Lopez');
    await run.page.getByRole('button', { name: t('en', 'report:screen.proof.submit') }).click();
    await run.page.getByText('Maria Lopez').first().waitFor();
    await run.page.goBack();
    await results(run.page, 'en', 1).waitFor();
    await run.page.goBack();
    await run.page.getByRole('heading', { level: 1, name: t('en', 'search:find.locate.title') }).waitFor();
    expect(await run.page.getByRole('textbox', { name: t('en', 'locate:vin.label') }).inputValue()).toBe(REPORT_VIN);
    await close(run);
  });

  it('finds a report by case ID (Spanish, desktop), whose case ID then proves involvement', async () => {
    const run = await open('desktop');
    const w = new FunnelWalk(run.page, suite.server, 'es', 'case-es-desktop');
    await startFinding(w);
    await locate(w, 'case', false, undefined, mainReportDay());
    await run.page.waitForURL((url) => url.pathname === '/results' && url.searchParams.get('caseId') === REPORT_CASE && url.searchParams.get('state') === 'TX');
    await openOnlyResult(run.page, 'es', 'case-es-desktop-results');
    await run.page.waitForURL((url) => url.pathname === `/accident/${mainId}` && url.search === '?lang=es');
    // The link stands for the case ID searched: a last name opens the full report.
    await run.page.getByText(t('es', 'report:screen.proof.knownCase')).waitFor();
    await run.page.getByRole('textbox', { name: t('es', 'report:screen.proof.lastName') }).fill('López');
    await run.page.getByRole('button', { name: t('es', 'report:screen.proof.submit') }).click();
    await run.page.getByText('Maria Lopez').first().waitFor();
    await close(run);
  });

  it.each([
    ['es', 'phone'],
    ['en', 'desktop'],
  ] as const)('finds a report by a pin on the map, its make, year and date (%s, %s)', async (lang, size) => {
    const run = await open(size);
    const { page } = run;
    const w = new FunnelWalk(page, suite.server, lang, `map-${lang}-${size}`);
    const phone = size === 'phone';
    await startFinding(w, '/tx/find-my-report');
    await w.shot('find-1.75');
    await page.getByRole('radio', { name: w.t('locate:choices.map'), exact: true }).click();
    const map = page.getByRole('region', { name: w.t('locate:map.label') });
    await map.waitFor();
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    // The map opens on Texas: the click lands on downtown Austin, give or take a pixel (a mile or so at this zoom).
    const { dx, dy } = pixelOffset(TEXAS, TEXAS.zoom, AUSTIN);
    await map.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
    await page.getByText(w.t('locate:map.address').split('{{')[0]!).waitFor();
    await w.shot('find-1.75-pin');
    if (phone) await w.button('common:nav.next').click();
    await page.getByRole('combobox', { name: w.t('locate:make.label') }).fill('FOR');
    await page.getByRole('option', { name: 'Ford', exact: true }).click();
    await page.getByRole('textbox', { name: w.t('locate:year.label') }).fill('2018');
    await new FieldWalk(w).date('locate:date', today(new Date()), phone);
    await w.button('common:nav.next').click();
    await page.waitForURL((url) => url.pathname === '/results' && url.searchParams.get('make') === 'FORD' && url.searchParams.get('yearMatch') === 'approx');
    // A place search shows its map at once (its own chunk), then the one FORD of 2017-2021 within 10 miles.
    await page.getByRole('region', { name: t(lang, 'search:map.label') }).waitFor();
    await page.getByRole('radiogroup', { name: t(lang, 'search:options.radius') }).waitFor();
    await openOnlyResult(page, lang, `map-${lang}-${size}-results`);
    expect(new URL(page.url()).pathname).toBe(`/accident/${mainId}`);
    await close(run);
  });

  it('says when nothing is found and widens the search in one tap (English, desktop)', async () => {
    const run = await open('desktop');
    const { page } = run;
    const query = `lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&radius=5&make=HONDA`;
    await page.goto(`${suite.server.url}/results?${query}`);
    await page.getByRole('heading', { level: 2, name: t('en', 'search:results.none.title') }).waitFor();
    await page.getByText(t('en', 'search:results.none.text')).waitFor();
    await page.getByText(t('en', 'search:results.delay')).waitFor();
    const notify = page.getByRole('link', { name: t('en', 'search:results.notify.link') });
    expect(await notify.getAttribute('href')).toBe(`/notify-me?${query}`);
    await screen(page, 'none-en-desktop');
    await page.getByRole('button', { name: t('en', 'search:results.widen.radius') }).click();
    const found = results(page, 'en', 1);
    await found.waitFor();
    // Focus follows the widened search to its count, the buttons pressed being gone.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
    expect(await found.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).searchParams.get('radius')).toBe('10');
    await page.getByText('2018 Honda Civic').waitFor();
    await screen(page, 'widened-en-desktop');
    // Back returns to the narrower search.
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: t('en', 'search:results.none.title') }).waitFor();
    // A VIN nobody reported: what to check, and another way to search.
    await page.goto(`${suite.server.url}/results?vin=1FADP3F25EL123456`);
    await page.getByText(t('en', 'search:results.none.checkVin')).waitFor();
    await page.getByRole('link', { name: t('en', 'search:results.none.otherWay') }).waitFor();
    await screen(page, 'none-vin-en-desktop');
    // The report's VIN on dates two weeks before it: nothing then, but its report is named by its day, to open.
    const [from, to] = [addDays(mainReportDay(), -17), addDays(mainReportDay(), -11)];
    await page.goto(`${suite.server.url}/results?vin=${REPORT_VIN}&from=${from}&to=${to}`);
    await page.getByRole('heading', { level: 2, name: t('en', 'search:results.none.onDates') }).waitFor();
    const day = new Date(`${mainReportDay()}T00:00:00Z`);
    const dates = new Intl.DateTimeFormat('en', {
      month: 'long',
      day: 'numeric',
      ...(day.getUTCFullYear() === Number(to.slice(0, 4)) ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    }).format(day);
    const otherDates = page.getByRole('list', { name: t('en', 'search:results.otherDates.vin_one', { dates }) });
    expect(await otherDates.getByRole('link').getAttribute('href')).toMatch(new RegExp(`^/accident/${mainId}(/|\\?|$)`));
    await screen(page, 'other-date-en-desktop');
    await close(run);
  });

  it('shows accidents near a chosen city and near the browser location, list and map (Spanish, phone)', async () => {
    const run = await open('phone', { permissions: ['geolocation'], geolocation: { latitude: AUSTIN.lat, longitude: AUSTIN.lng } });
    const { page } = run;
    await page.goto(`${suite.server.url}/accidents-near-me?lang=es`);
    await page.getByRole('heading', { level: 1, name: t('es', 'search:near.title') }).waitFor();
    await screen(page, 'near-es-phone');
    await page.getByRole('combobox', { name: t('es', 'search:near.city') }).fill('Austin');
    await page.getByRole('option', { name: 'Austin, TX' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('city') === 'Austin' && url.searchParams.get('state') === 'TX');
    await results(page, 'es', 2).waitFor();
    await page.getByRole('region', { name: t('es', 'search:map.label') }).waitFor();
    await screen(page, 'near-es-phone-city');
    await page.getByRole('button', { name: t('es', 'search:near.useLocation') }).click();
    await page.waitForURL((url) => url.searchParams.get('lat') === String(Math.round(AUSTIN.lat * 1000) / 1000));
    await results(page, 'es', 2).waitFor();
    await page.getByText(t('es', 'search:results.near', { radius: 10, place: t('es', 'search:near.here') })).waitFor();
    await screen(page, 'near-es-phone-location');
    await close(run);
  });

  it('serves the near-me embed without header or footer, its reports opening on the site in a new tab (English, desktop)', async () => {
    const run = await open('desktop');
    const { page } = run;
    const response = await page.goto(`${suite.server.url}/accidents-near-me/embed?city=Austin&state=TX`);
    // Who may frame it is the server's FRAME_ANCESTORS (here the default, the site itself).
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    await results(page, 'en', 2).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    const link = page
      .getByRole('list', { name: t('en', 'search:results.count_other', { count: 2 }) })
      .getByRole('link')
      .first();
    expect(await link.getAttribute('target')).toBe('_blank');
    await screen(page, 'embed-en-desktop');
    await close(run);
  });

  it('says so when a page’s or the map’s code does not arrive, and Try again brings it (English, phone)', async () => {
    const run = await open('phone');
    const { page } = run;
    // Each chunk's fetches fail as a dropped connection's do (Vite's preload and the import alike), until it is back.
    const offline = new Set(['NearMePage', 'ResultsMap']);
    await page.route(/\/assets\/(NearMePage|ResultsMap)-[\w-]+\.js$/, (route) =>
      offline.has(/\/assets\/(\w+)-/.exec(route.request().url())?.[1] ?? '') ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto(`${suite.server.url}/`);
    const home = page.getByRole('heading', { level: 1, name: t('en', 'search:home.title') });
    await home.waitFor();
    const openNearMe = async () => {
      await page.getByRole('button', { name: t('en', 'menu.open') }).click();
      await page
        .getByRole('navigation', { name: t('en', 'menu.title') })
        .getByRole('link', { name: t('en', 'menu.nearMe'), exact: true })
        .click();
    };
    await openNearMe();
    const pageFailed = page.getByRole('alert').filter({ hasText: t('en', 'pageLoadFailed') });
    await pageFailed.waitFor();
    await screen(page, 'page-failed-en-phone');
    // Another page starts afresh; back at the failed one, the failure is said again while the network is down.
    await page.getByRole('link', { name: t('en', 'brand') }).click();
    await home.waitFor();
    expect(await pageFailed.count()).toBe(0);
    await openNearMe();
    await pageFailed.waitFor();
    offline.delete('NearMePage');
    await pageFailed.getByRole('button', { name: t('en', 'funnel.retry') }).click();
    await page.getByRole('heading', { level: 1, name: t('en', 'search:near.title') }).waitFor();

    // The results' map, fetched as it nears the screen: its place says why and offers Try again; the list stays.
    await page.goto(`${suite.server.url}/results?city=Austin&state=TX`);
    await results(page, 'en', 2).waitFor();
    await page.locator('.results-map').scrollIntoViewIfNeeded();
    const mapFailed = page.getByRole('alert').filter({ hasText: t('en', 'search:map.failed') });
    await mapFailed.waitFor();
    await screen(page, 'map-failed-en-phone');
    offline.delete('ResultsMap');
    await mapFailed.getByRole('button', { name: t('en', 'funnel.retry') }).click();
    await page.getByRole('region', { name: t('en', 'search:map.label') }).waitFor();
    expect(await mapFailed.count()).toBe(0);
    await close(run);
  });

  it('reflows at 320 px (200% zoom) and keeps touch targets: home, results with options, near me (Spanish, the longer words)', async () => {
    const opened = await openPage(suite.browser, { viewport: NARROW });
    const { page } = opened;
    const pages: [string, string, number?][] = [
      ['/?lang=es', 'search:home.title'],
      [
        `/results?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&radius=10&make=FORD&year=2019&yearMatch=approx&near=Austin, TX 78701, USA&lang=es`,
        'search:results.title',
        1,
      ],
      ['/accidents-near-me?city=Austin&state=TX&lang=es', 'search:near.title', 2],
    ];
    for (const [path, heading, count] of pages) {
      await page.goto(`${suite.server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: t('es', heading) }).waitFor();
      if (count) await results(page, 'es', count).waitFor();
      await expectReflowAndTouchTargets(page, path);
    }
    await closePage(opened);
  });

  it.each([
    ['en', 'phone'],
    ['es', 'desktop'],
  ] as const)('has a home screen, a report short link, a not-found id and the side menu (%s, %s)', async (lang, size) => {
    const run = await open(size);
    const { page } = run;
    const q = lang === 'es' ? '?lang=es' : '';
    await page.goto(`${suite.server.url}/${q}`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'search:home.title') }).waitFor();
    expect(await page.getByRole('link', { name: t(lang, 'search:home.find.action') }).getAttribute('href')).toBe(`/find-my-report${q}`);
    await screen(page, `home-${lang}-${size}`);

    await page.getByRole('button', { name: t(lang, 'menu.open') }).click();
    const menu = page.getByRole('navigation', { name: t(lang, 'menu.title') });
    for (const [key, href] of [
      ['menu.findReport', '/find-my-report'],
      ['menu.notify', '/notify-me'],
      ['menu.consult', '/request-attorney'],
      ['menu.about', '/about'],
    ]) {
      expect(await menu.getByRole('link', { name: t(lang, key!), exact: true }).getAttribute('href')).toBe(`${href!}${q}`);
    }
    await screen(page, `menu-${lang}-${size}`);
    await menu.getByRole('link', { name: t(lang, 'menu.findReport'), exact: true }).click();
    await page.getByRole('heading', { level: 1, name: t(lang, 'search:find.intro.title') }).waitFor();

    // A report's short link: the home screen with its card on top, which opens the report.
    await page.goto(`${suite.server.url}/${mainId}${q}`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'search:home.report.title') }).waitFor();
    await page.getByRole('heading', { level: 2, name: t(lang, 'search:home.title') }).waitFor();
    await screen(page, `short-link-${lang}-${size}`);
    await page.getByRole('link', { name: t(lang, 'search:home.report.open') }).click();
    await page.waitForURL((url) => url.pathname === `/accident/${mainId}`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'report:screen.title') }).waitFor();

    // Anything else in one segment is not found (a well-formed id the API does not know, too).
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'no-such-page']) {
      await page.goto(`${suite.server.url}/${id}${q}`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'notFound.title') }).waitFor();
    }
    await close(run);
  });
});
