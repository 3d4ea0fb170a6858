// A map a thumb can use, in Chromium against the real server at phone size (390×844): the locating map's place search
// ("Aus", one tap on Austin, TX, the next tap drops the pin there), "Use my location" (given, and refused, in Spanish),
// the pin dropped and moved from the keyboard, axe on the map step; and accidents near me grouping 50 reports of one
// block into one circle, the list before the map on a phone and after it on a desktop.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/report-search.ts';
import { today } from '../../engine/validators.ts';
import { CITY_ZOOM } from '../../widgets/locate/map-view.ts';
import { useSharedAppAndBrowser } from '../testing/app-and-browser.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, PHONE, browserAvailable, closePage, openPage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { ingestReports } from '../testing/reports.ts';

/** Where the gazetteer puts Austin, TX (its middle ZIP, 78703): the suggestion "Austin, TX, USA" centres the map there. */
const AUSTIN_MIDDLE = { lat: 30.2907, lng: -97.7648 };
/** The browser's location in the location test: Round Rock, TX, north of Austin. */
const ROUND_ROCK = { latitude: 30.5083, longitude: -97.6789 };
/** One downtown Dallas block, where 50 reports are put. */
const BLOCK = { lat: 32.7767, lng: -96.797 };

/** The slippy-map tile (x, y) of a point at a zoom (Web Mercator, as Leaflet and OpenStreetMap number them). */
function tileOf({ lat, lng }: { lat: number; lng: number }, zoom: number) {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}

describe.runIf(browserAvailable)('a map a thumb can use', () => {
  const suite = useSharedAppAndBrowser();

  beforeAll(async () => {
    // 50 reports of the last days within about 100 m of each other. From two days back: yesterday at 19:00 in Dallas is
    // still to come between midnight and 2 a.m. UTC, and the API refuses a report of the future.
    const day = (n: number) => addDays(today(new Date()), -2 - (n % 5));
    const reports = Array.from({ length: 50 }, (_, i) => ({
      source: 'e2e-block',
      crashId: `BLOCK-${i}`,
      occurredAt: `${day(i)}T${String(8 + (i % 12)).padStart(2, '0')}:${String(i).padStart(2, '0')}:00-06:00`,
      state: 'TX',
      city: 'Dallas',
      location: { lat: BLOCK.lat + (i % 7) * 0.0001, lng: BLOCK.lng + Math.floor(i / 7) * 0.0001 },
      units: [{ unit: 1, make: 'FORD', model: 'F-150', year: 2019 }],
    }));
    expect(await ingestReports(suite.server.url, reports)).toMatchObject({ accepted: 50 });
  });

  /** A page of its own, the map tiles refused at once (no tile server here: the map works without its pictures). */
  async function open(options: BrowserContextOptions = {}) {
    const run = await openPage(suite.browser, { viewport: PHONE, ...options });
    await run.page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    return run;
  }

  const t = (lang: Lang, key: string) => copy(lang, key);
  const address = (lang: Lang) => t(lang, 'locate:map.address').split('{{')[0]!;

  /** The locating step of /find-my-report with the map chosen, the map drawn. */
  async function mapStep(page: Page, lang: Lang, path = '/find-my-report') {
    await page.goto(`${suite.server.url}${path}?lang=${lang}`);
    await page.getByRole('button', { name: t(lang, 'search:find.intro.start'), exact: true }).click();
    await page.getByRole('radio', { name: t(lang, 'locate:choices.map'), exact: true }).click();
    const map = page.getByRole('region', { name: t(lang, 'locate:map.label') });
    await map.waitFor();
    return map;
  }

  /** Taps the middle of the map; the pin's address then says where it landed. */
  async function tapMiddle(page: Page, lang: Lang) {
    const map = page.getByRole('region', { name: t(lang, 'locate:map.label') });
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const found = page.getByText(address(lang));
    await found.waitFor();
    return found.textContent();
  }

  it('finds Austin in two taps ("Aus", then Austin, TX), the next tap drops the pin there; axe finds nothing', async () => {
    const run = await open({ hasTouch: true, isMobile: true });
    const { page } = run;
    await mapStep(page, 'en');
    await expectNoAxeViolations(page, 'map step');

    const search = page.getByRole('combobox', { name: t('en', 'locate:map.search.label') });
    await search.tap();
    await search.pressSequentially('Aus');
    await page.getByRole('option', { name: 'Austin, TX, USA', exact: true }).tap();
    await page.getByText('The map shows Austin, TX, USA. Now tap or click the map where it happened.').waitFor();
    // Centred on Austin at a city's zoom: the tile under Austin's middle is drawn.
    const tile = tileOf(AUSTIN_MIDDLE, CITY_ZOOM);
    await page.locator(`img.leaflet-tile[src$="/${CITY_ZOOM}/${tile.x}/${tile.y}.png"]`).waitFor({ state: 'attached' });
    // The phone's keyboard is gone (the search left) and the map took focus, without the keyboard's crosshair and help.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-container'))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(false);
    await expectNoAxeViolations(page, 'map step on Austin');

    expect(await tapMiddle(page, 'en')).toMatch(/^Pin near: Austin, TX 787\d\d, USA$/);
    await page.locator('.leaflet-marker-icon.locate-pin').waitFor();
    await expectNoAxeViolations(page, 'map step with a pin');
    await closePage(run);
  });

  it('goes to the browser location, and says in Spanish when the browser refuses it', async () => {
    const given = await open({ hasTouch: true, isMobile: true, permissions: ['geolocation'], geolocation: ROUND_ROCK });
    await mapStep(given.page, 'es');
    await given.page.getByRole('button', { name: t('es', 'locate:map.locate.button') }).tap();
    await given.page.getByText(t('es', 'locate:map.movedHere')).waitFor();
    expect(await tapMiddle(given.page, 'es')).toMatch(/^Marcador cerca de: Round Rock, TX 786\d\d, USA$/);
    await closePage(given);

    const refused = await open({ permissions: [] });
    await mapStep(refused.page, 'es');
    await refused.page.getByRole('button', { name: t('es', 'locate:map.locate.button') }).click();
    await refused.page
      .getByRole('alert')
      .filter({ hasText: t('es', 'locate:map.locate.denied') })
      .waitFor();
    await expectNoAxeViolations(refused.page, 'location refused');
    await closePage(refused);
  });

  it('drops and moves the pin from the keyboard: Tab to the map, arrows to pan, Enter or Space at the crosshair', async () => {
    const run = await open();
    const { page } = run;
    const map = await mapStep(page, 'en', '/tx/find-my-report');
    // The map says its keys to assistive technology.
    expect(await map.getAttribute('aria-describedby')).toBeTruthy();
    const description = await map.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(description).toContain(t('en', 'locate:map.keys'));

    await page.getByRole('button', { name: t('en', 'locate:map.locate.button') }).focus();
    await page.keyboard.press('Tab');
    expect(await map.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    // Shown while the map has the keyboard's focus.
    await page.getByText(t('en', 'locate:map.keys')).waitFor();
    await expectNoAxeViolations(page, 'map focused from the keyboard');

    await page.keyboard.press('Enter');
    const said = page.locator('[aria-live="polite"]').filter({ hasText: address('en') });
    await said.waitFor();
    const pin = page.locator('.leaflet-marker-icon.locate-pin');
    const middle = async () => {
      const [p, m] = [await pin.boundingBox(), await map.boundingBox()];
      if (!p || !m) throw new Error('no box');
      // The pin's tip (its anchor, the bottom middle of its icon) against the map's middle.
      return { dx: p.x + p.width / 2 - (m.x + m.width / 2), dy: p.y + p.height - (m.y + m.height / 2) };
    };
    const near = (d: { dx: number; dy: number }) => Math.abs(d.dx) <= 2 && Math.abs(d.dy) <= 2;
    await expect.poll(async () => near(await middle())).toBe(true);
    const first = await said.textContent();

    // Once the zoom to the pin is over, an arrow pans the map by 80 px (the pin goes with it), and Space drops the pin
    // anew at the middle.
    await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await middle()).dy).toBeGreaterThan(40);
    await page.keyboard.press(' ');
    await expect.poll(async () => near(await middle())).toBe(true);
    await said.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('region');
    expect(first).toMatch(/^Pin near: .+, TX \d{5}, USA$/);
    await closePage(run);
  });

  it('groups 50 reports of one block into one circle on accidents near me, the list first on a phone, the map first on a desktop', async () => {
    const run = await open();
    const { page } = run;
    await page.goto(`${suite.server.url}/accidents-near-me?lat=${BLOCK.lat}&lng=${BLOCK.lng}&radius=5`);
    const list = page.getByRole('list', { name: t('en', 'search:results.count_other').replace('{{count}}', '50') });
    await list.waitFor();
    const map = page.getByRole('region', { name: t('en', 'search:map.label') });
    // On a phone the map is after the list: its code comes as the visitor scrolls towards it, not before.
    expect(await map.count()).toBe(0);
    await page.getByText(t('en', 'search:map.help')).scrollIntoViewIfNeeded();
    await map.waitFor();
    const cluster = map.locator('.marker-cluster');
    await cluster.waitFor();
    expect(await cluster.count()).toBe(1);
    expect(await map.locator('.result-marker').count()).toBe(0);
    expect(await cluster.textContent()).toBe('50');
    // A button named for its reports.
    expect(await cluster.getAttribute('role')).toBe('button');
    expect(await cluster.getAttribute('title')).toBe('50 reports here: zoom in to see them');
    const top = async (what: typeof map) => (await what.boundingBox())?.y ?? NaN;
    expect(await top(list)).toBeLessThan(await top(map));
    await expectNoAxeViolations(page, 'near me, grouped');

    // A tap zooms in until the group parts.
    await cluster.click();
    await expect.poll(async () => (await map.locator('.marker-cluster, .result-marker').count()) > 1).toBe(true);

    await page.setViewportSize(DESKTOP);
    expect(await top(map)).toBeLessThan(await top(list));
    await closePage(run);
  });
});
