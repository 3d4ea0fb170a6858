// Bytes a funnel route fetches before its first step can be used: Chromium's network log (CDP) until the step's
// heading is visible, by resource type. The server sends files uncompressed, so each body is gzipped here (level 6,
// a usual server setting) to give the gzip size; `wire` is what actually crossed the network.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { PHONE } from '../tests/testing/browser.ts';
import { medianOf } from './median.ts';
import { againstBudget, fixed, type Section } from './results.ts';

export interface CriticalBytes extends Record<string, number> {
  /** gzip bytes by kind */
  js: number;
  css: number;
  fonts: number;
  html: number;
  /** JSON catalogues and anything else fetched before the heading showed (not counted as critical) */
  other: number;
  /** html + css + js + fonts, gzip */
  critical: number;
  /** html + css + js + fonts as sent (uncompressed by this server) */
  wire: number;
  requests: number;
}

const KIND: Record<string, 'js' | 'css' | 'fonts' | 'html'> = { Script: 'js', Stylesheet: 'css', Font: 'fonts', Document: 'html' };

export async function measureCriticalBytes(browser: Browser, url: string): Promise<CriticalBytes> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map<string, { type: string; encoded: boolean }>();
    const sizes: Promise<{ type: string; gzip: number; wire: number }>[] = [];
    cdp.on('Network.responseReceived', (e) => {
      const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
      responses.set(e.requestId, { type: e.type, encoded: Boolean(encoding && encoding !== 'identity') });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const response = responses.get(e.requestId) ?? { type: 'Other', encoded: false };
      sizes.push(
        (async () => {
          if (response.encoded) return { type: response.type, gzip: e.encodedDataLength, wire: e.encodedDataLength };
          try {
            const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId: e.requestId });
            const buffer = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
            return { type: response.type, gzip: gzipSync(buffer, { level: 6 }).length, wire: e.encodedDataLength };
          } catch {
            return { type: response.type, gzip: e.encodedDataLength, wire: e.encodedDataLength };
          }
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
    const before = await Promise.all(sizes.slice());
    const result: CriticalBytes = { js: 0, css: 0, fonts: 0, html: 0, other: 0, critical: 0, wire: 0, requests: before.length };
    for (const { type, gzip, wire } of before) {
      const kind = KIND[type];
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
      againstBudget(kb(m.critical), CRITICAL_BUDGET_KB, 'max'),
      fixed(kb(m.wire)),
      fixed(kb(m.other)),
      fixed(m.requests, 0),
    ]);
  }
  return {
    title: 'Bytes before the first step is usable (KB, gzip)',
    notes: [
      `Median of ${runs} cold loads per route at 390×844, no cache, from Chromium's network log (CDP Network.loadingFinished) until the first <h1> is visible.`,
      'The server sends files uncompressed: gzip is each response body gzipped at level 6 here; "wire" is what was actually sent.',
      '"other" is JSON (translation catalogues, API) fetched before the heading showed; it is not in "critical".',
    ],
    headers: ['route', 'JS', 'CSS', 'fonts', 'HTML', 'critical (HTML+CSS+JS+fonts)', 'critical as sent', 'other', 'requests'],
    rows,
  };
}
