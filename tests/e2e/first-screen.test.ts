// The first screen of every funnel at phone size, from the browser's network log: nothing fetched before its step (map,
// Leaflet CSS, tiles, date wheel, Google's loader, the other language), and no more JavaScript than the ceiling. What
// waits is there to wait: the build holds each chunk under the name looked for, and what the first screen can reach
// (the map code fetched ahead, the other language's catalogues) is fetched once it is asked for.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useSharedAppAndBrowser } from '../testing/app-and-browser.ts';
import { PHONE, browserAvailable, firstVisitsPage } from '../testing/browser.ts';
import type { Lang } from '../testing/copy.ts';
import { STEP_SHOWN_MARK } from '../../src/funnel/step-shown.ts';
import { transitionList } from '../../engine/transitions.ts';
import { allFlows } from '../testing/flows.ts';

const FLOW_LIST = allFlows();
const ROUTES = FLOW_LIST.map((flow) => flow.routes[0] as string);

/** Routes whose second screen is the locating step: its map is fetched ahead once the first screen is shown, not before. */
const MAP_NEXT = new Set(
  FLOW_LIST.filter((flow) => {
    const next = transitionList(flow.steps[flow.initial]?.on?.NEXT).map((t) => t.target);
    return next.some((id) => id !== undefined && flow.steps[id]?.blocks.some((block) => block.widget === 'locate'));
  }).map((flow) => flow.routes[0] as string),
);
/** The map's code and styles (what a locating step fetches ahead), as opposed to its tiles. */
const MAP_CODE = ['the map chunk', "Leaflet's CSS"];

/** Issue 5's budget for the JavaScript before the first step (about 117 KB now: bench/RESULTS.md). */
const JS_CEILING_KB = 125;

/** What must wait for its step, by request URL; catalogues are named <lang>-<namespace>-<hash>.json (vite.config.ts). */
const notYet = (other: Lang): Record<string, RegExp> => ({
  // The route's copy comes in one file of its own (scripts/route-pages.ts: copy-<flow>-<lang>-*.json), no catalogue alone.
  'a copy catalogue': /\/assets\/[a-z]{2}-[^/]+\.json$/,
  'the map chunk': /LeafletMap|\/leaflet-[^/]*\.js$/,
  "Leaflet's CSS": /leaflet[^/]*\.css/i,
  'map tiles': /tile\.openstreetmap|\/\d+\/\d+\/\d+\.png/,
  'the date wheel': /DateWheel/,
  "Google's loader": /google-geo|js-api-loader|maps\.googleapis|maps\.gstatic/,
  'the other language': new RegExp(`/assets/${other}-`),
});

/** What the first screen fetches once it is asked for: the other language's copy, on the footer's language switch. */
const ON_SWITCH = ['a copy catalogue', 'the other language'];
/** The map tiles come from the tile server, not the build. */
const NOT_BUILT = ['map tiles'];

interface FirstScreen {
  urls: string[];
  /** What was requested once the footer switched the language, after the first screen had settled. */
  urlsOnSwitch: string[];
  /** What was requested before the first step was shown. */
  urlsBefore: string[];
  /** gzip bytes of each script requested before the first step was shown. */
  scripts: { url: string; gzip: number }[];
}

describe.runIf(browserAvailable)('the first screen of each funnel', () => {
  const suite = useSharedAppAndBrowser();
  /** The page every route is opened in, one after another, and what it requested since the last route was opened. */
  let visits: Awaited<ReturnType<typeof firstVisitsPage>>;
  const requests: Request[] = [];
  beforeAll(async () => {
    visits = await firstVisitsPage(suite.browser, { viewport: PHONE });
    visits.page.on('request', (request) => requests.push(request));
  });
  // The browser is the worker's, for the files after this one.
  afterAll(() => visits.page.context().close());

  async function firstScreen(route: string, lang: Lang): Promise<FirstScreen> {
    const { page } = visits;
    requests.length = 0;
    // The map's code is fetched ahead when the browser is idle (at most a second after the step under load), which can
    // be after the network has gone quiet: waited for by name, not by the quiet.
    const patterns = notYet(lang === 'en' ? 'es' : 'en');
    const mapAhead = MAP_NEXT.has(route)
      ? MAP_CODE.map((what) => page.waitForRequest((request) => (patterns[what] as RegExp).test(request.url()), { timeout: 15_000 }).catch(() => undefined))
      : [];
    await visits.visit(`${suite.server.url}${route}${lang === 'es' ? '?lang=es' : ''}`);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, STEP_SHOWN_MARK);
    // Whatever the first screen starts by itself (prefetches of the next step) is in the log too.
    await Promise.all(mapAhead);
    await page.waitForLoadState('networkidle');
    // What counts as before the first step: the resources the page itself started fetching before it marked the step
    // shown (Resource Timing and the mark share the page's clock, so a busy machine cannot reorder them; the browser's
    // network log has a clock of its own). The modules of the entry and of the first step's widgets are among them;
    // the screens ahead start only once the step has painted.
    const namesBefore = new Set(
      await page.evaluate((mark) => {
        const shownAt = performance.getEntriesByName(mark)[0]?.startTime ?? 0;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < shownAt)
          .map((entry) => entry.name);
      }, STEP_SHOWN_MARK),
    );
    const before = requests.filter((request) => namesBefore.has(request.url()));
    const beforeStep = before.filter((request) => request.resourceType() === 'script');
    // Each decoded body gzipped here: a size that does not depend on how the server encoded it (brotli).
    const scripts = await Promise.all(
      beforeStep.map(async (request) => {
        const body = (await (await request.response())?.body()) ?? Buffer.alloc(0);
        return { url: request.url(), gzip: gzipSync(body, { level: 9 }).length };
      }),
    );
    const urls = requests.map((request) => request.url());
    const urlsBefore = before.map((request) => request.url());
    await page.getByRole('contentinfo').locator('button[lang]').click();
    await page.waitForLoadState('networkidle');
    const urlsOnSwitch = requests.slice(urls.length).map((request) => request.url());
    return { urls, urlsOnSwitch, urlsBefore, scripts };
  }

  /** Each route's first screen in each language, looked at once: the JavaScript ceiling reads the English ones again. */
  const looked = new Map<string, Promise<FirstScreen>>();
  const firstScreenOnce = (route: string, lang: Lang) => {
    const key = `${route} ${lang}`;
    if (!looked.has(key)) looked.set(key, firstScreen(route, lang));
    return looked.get(key) as Promise<FirstScreen>;
  };

  const cases = ROUTES.flatMap((route) => (['en', 'es'] as const).map((lang) => [route, lang] as const));

  it.each(cases)('%s (%s) fetches nothing before its step, and what it can reach once asked for', async (route, lang) => {
    const { urls, urlsBefore, urlsOnSwitch } = await firstScreenOnce(route, lang);
    for (const [what, pattern] of Object.entries(notYet(lang === 'en' ? 'es' : 'en'))) {
      const checked = MAP_NEXT.has(route) && MAP_CODE.includes(what) ? urlsBefore : urls;
      expect(
        checked.filter((url) => pattern.test(url)),
        what,
      ).toEqual([]);
      // Fetched ahead once the first screen is shown, when the next step locates the accident on the map.
      if (MAP_NEXT.has(route) && MAP_CODE.includes(what))
        expect(
          urls.filter((url) => pattern.test(url)),
          `${what}, fetched ahead`,
        ).not.toEqual([]);
      if (ON_SWITCH.includes(what))
        expect(
          urlsOnSwitch.filter((url) => pattern.test(url)),
          `${what}, on the language switch`,
        ).not.toEqual([]);
    }
  });

  it('finds each chunk it keeps from the first steps in the build, under the name it looks for', () => {
    const built = readdirSync(join(inject('builtApp'), 'assets')).map((file) => `/assets/${file}`);
    for (const [what, pattern] of Object.entries(notYet('es'))) {
      if (!NOT_BUILT.includes(what))
        expect(
          built.filter((url) => pattern.test(url)),
          what,
        ).not.toEqual([]);
    }
  });

  it.each(ROUTES)(`%s loads at most ${JS_CEILING_KB} KB gzip of JavaScript before its first step`, async (route) => {
    const { scripts } = await firstScreenOnce(route, 'en');
    const kb = scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024;
    const detail = scripts.map((s) => `${(s.gzip / 1024).toFixed(1)} ${s.url.replace(/^.*\/assets\//, '')}`).join(', ');
    expect(kb, detail).toBeLessThanOrEqual(JS_CEILING_KB);
  });
});
