// Bytes a funnel route fetches before its first step can be used: Chromium's network log (CDP), the requests sent
// before the app marked the first step shown (src/funnel/step-shown.ts), by resource type. Each (decoded) body is gzipped here at level 6, a usual server setting, to give
// the gzip size whatever the server sent; `wire` is what actually crossed the network (brotli, headers included).
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { STEP_SHOWN_MARK } from '../src/funnel/step-shown.ts';
import { PHONE } from '../tests/testing/browser.ts';
import { medianOf } from './median.ts';
import { againstBudget, fixed, type Section } from './results.ts';

export interface CriticalBytes extends Record<string, number> {
  /** gzip bytes by kind */
  js: number;
  css: number;
  fonts: number;
  html: number;
  /** the copy catalogues (JSON, fetched): data the first step cannot show without, so counted as critical */
  copy: number;
  /** anything else requested before the first step was shown (images, API calls): not critical */
  other: number;
  /** html + css + js + fonts + copy, gzip */
  critical: number;
  /** the critical bytes as sent (brotli by this server, with the response headers) */
  wire: number;
  requests: number;
}

type Kind = 'js' | 'css' | 'fonts' | 'html' | 'copy';
const KIND: Record<string, Kind> = { Script: 'js', Stylesheet: 'css', Font: 'fonts', Document: 'html' };

/** The kind of a response: by Chromium's resource type, and the catalogues by their JSON type (a preload's resource type is Other). */
const kindOf = (type: string, mime: string): Kind | undefined => KIND[type] ?? (mime === 'application/json' ? 'copy' : undefined);

export async function measureCriticalBytes(browser: Browser, url: string): Promise<CriticalBytes> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, { type: string; mime: string }>();
    const sentAt = new Map<string, number>();
    const sizes: Promise<{ kind: Kind | undefined; gzip: number; wire: number; sentAt: number }>[] = [];
    cdp.on('Network.requestWillBeSent', (e) => sentAt.set(e.requestId, e.wallTime * 1000));
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, mime: e.response.mimeType }));
    cdp.on('Network.loadingFinished', (e) => {
      const { type, mime } = types.get(e.requestId) ?? { type: 'Other', mime: '' };
      const response = { kind: kindOf(type, mime), sentAt: sentAt.get(e.requestId) ?? 0 };
      sizes.push(
        (async () => {
          try {
            const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId: e.requestId });
            const buffer = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
            return { ...response, gzip: gzipSync(buffer, { level: 6 }).length, wire: e.encodedDataLength };
          } catch {
            return { ...response, gzip: e.encodedDataLength, wire: e.encodedDataLength };
          }
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'commit' });
    // When the first step was on screen (epoch ms): what was requested after it (the next steps' prefetches) is not counted.
    const shown = await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark).map((entry) => performance.timeOrigin + entry.startTime)[0],
      STEP_SHOWN_MARK,
      { timeout: 30_000 },
    );
    const shownAt = (await shown.jsonValue()) as number;
    await page.waitForLoadState('networkidle');
    const before = (await Promise.all(sizes.slice())).filter((request) => request.sentAt < shownAt);
    const result: CriticalBytes = { js: 0, css: 0, fonts: 0, html: 0, copy: 0, other: 0, critical: 0, wire: 0, requests: before.length };
    for (const { kind, gzip, wire } of before) {
      if (!kind) {
        result.other += gzip;
        continue;
      }
      result[kind] += gzip;
      result.critical += gzip;
      result.wire += wire;
    }
    return result;
  } finally {
    await context.close();
  }
}

export const JS_BUDGET_KB = 125;
export const CRITICAL_BUDGET_KB = 160;

/** The table of part 1: median of `runs` cold loads of each route. */
export async function criticalBytesSection(browser: Browser, base: string, routes: { route: string }[], runs: number): Promise<Section> {
  const rows: string[][] = [];
  for (const { route } of routes) {
    const m = await medianOf(runs, () => measureCriticalBytes(browser, `${base}${route}`));
    const kb = (bytes: number) => bytes / 1024;
    rows.push([
      route,
      againstBudget(kb(m.js), JS_BUDGET_KB, 'max'),
      fixed(kb(m.css)),
      fixed(kb(m.fonts)),
      fixed(kb(m.html)),
      fixed(kb(m.copy)),
      againstBudget(kb(m.critical), CRITICAL_BUDGET_KB, 'max'),
      fixed(kb(m.wire)),
      fixed(kb(m.other)),
      fixed(m.requests, 0),
    ]);
  }
  return {
    title: 'Bytes before the first step is usable (KB, gzip)',
    notes: [
      `Median of ${runs} cold loads per route at 390×844, no cache, from Chromium's network log (CDP): the requests sent before the app marked its first step shown (User Timing mark ${STEP_SHOWN_MARK}); the next steps' prefetches, sent after it, are not counted.`,
      'gzip is each decoded response body gzipped at level 6 here; "as sent" is what crossed the network: the brotli copies the build writes, plus every response\'s headers.',
      '"copy" is translation catalogues fetched as JSON, counted in "critical" because the step cannot show without them (a funnel route\'s first screen\'s copy comes in one file of its own); "other" (images, API calls) is not.',
    ],
    headers: ['route', 'JS', 'CSS', 'fonts', 'HTML', 'copy (JSON)', 'critical (all of these)', 'critical as sent', 'other', 'requests'],
    rows,
  };
}
