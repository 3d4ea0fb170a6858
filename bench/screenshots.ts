// Contact sheets to look at the product as a person would: every funnel's scripted walk (each step as it is shown, and
// the states it passes through) in English and Spanish at phone and desktop size, one sheet per funnel, and one sheet of
// the pages outside the funnels. `npm run build` first; then `npx tsx bench/screenshots.ts [outDir]` (BENCH_STATIC_DIR
// for another build). Each walk comes from its own address and phone, as the benchmark's walks do.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startAppServer } from '../tests/testing/app-server.ts';
import { DESKTOP, PHONE, launchBrowser } from '../tests/testing/browser.ts';
import { walkCalculator } from '../tests/testing/calculator-walk.ts';
import type { Lang } from '../tests/testing/copy.ts';
import { readySponsorsEnv } from '../tests/testing/fake-sponsors.ts';
import { FunnelWalk } from '../tests/testing/funnel-walk.ts';
import { demoReportRoute } from './report-route.ts';
import { FUNNEL_WALKS, stubExternalPages, type Run } from '../tests/testing/funnel-walks.ts';

const out = resolve(process.argv[2] ?? 'bench/out/sheets');
const shots = `${out}/shots`;
mkdirSync(shots, { recursive: true });
process.env.SCREENSHOT_DIR = shots;

const SIZES = { phone: PHONE, desktop: DESKTOP } as const;
type Size = keyof typeof SIZES;
const LANGS: Lang[] = ['en', 'es'];
/** The pages outside the funnels, as a visitor meets them (a demo report's page is added once the server runs). */
const PAGES = [
  '/',
  '/find-my-report',
  '/notify-me',
  '/accidents-near-me',
  '/about',
  '/terms',
  '/privacy-policy',
  '/sms-terms',
  '/disclaimer',
  '/accessibility',
  '/privacy',
  '/no-such-page',
];

const server = await startAppServer({
  staticDir: process.env.BENCH_STATIC_DIR ?? 'dist',
  env: { DEMO_REPORTS: 'on', TRUST_PROXY: 'loopback', RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_STATIC_PER_MINUTE: '1000000', ...readySponsorsEnv() },
});
const browser = await launchBrowser();
let visitor = 0;

/** A page as a new visitor of its own (phone and address), in the language and size given. */
async function visit<T>(lang: Lang, size: Size, act: (page: Page, phone: string) => Promise<T>): Promise<T> {
  visitor += 1;
  const context = await browser.newContext({
    viewport: SIZES[size],
    locale: lang === 'es' ? 'es-US' : 'en-US',
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${visitor}` },
  });
  // tsx compiles the walks' page.evaluate callbacks with keepNames, which calls a __name helper the page lacks.
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  try {
    const page = await context.newPage();
    await stubExternalPages(page);
    return await act(page, `202555${String(4000 + visitor).padStart(4, '0')}`);
  } finally {
    await context.close();
  }
}

async function walkAll(flow: string): Promise<void> {
  for (const lang of LANGS) {
    for (const size of Object.keys(SIZES) as Size[]) {
      const prefix = `${flow}-${lang}-${size}`;
      try {
        await visit(lang, size, async (page, phone) => {
          if (flow === 'calculator') {
            await walkCalculator(page, server, { route: '/calculate-your-accident-claim-value', lang, phone, consult: 'yes', shots: prefix });
            return;
          }
          const run: Run = { lang, size, phone, consult: 'yes', locateBy: 'vin' };
          await FUNNEL_WALKS[flow as keyof typeof FUNNEL_WALKS](new FunnelWalk(page, server, lang, prefix), run);
        });
      } catch (error) {
        // A walk that stops still leaves the screens up to where it stopped, which is what the sheet is for.
        console.error(`${prefix}:`, error);
      }
    }
  }
}

async function shootPages(): Promise<void> {
  const report = await demoReportRoute(server.url);
  for (const lang of LANGS) {
    for (const size of Object.keys(SIZES) as Size[]) {
      await visit(lang, size, async (page) => {
        for (const path of [...PAGES, report]) {
          await page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
          await page.waitForLoadState('networkidle');
          const name = path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
          await page.screenshot({ path: `${shots}/pages-${lang}-${size}-${name}.png`, fullPage: true, animations: 'disabled' });
        }
      });
    }
  }
}

/** One PNG per prefix: a row per language and size, its screens in the order they were taken. */
async function sheet(b: Browser, prefix: string): Promise<void> {
  const files = readdirSync(shots).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.png'));
  const rows = LANGS.flatMap((lang) =>
    (Object.keys(SIZES) as Size[]).map((size) => {
      const start = `${prefix}-${lang}-${size}-`;
      const row = files.filter((f) => f.startsWith(start));
      const width = size === 'phone' ? 195 : 400;
      const cells = row.map((f) => `<figure><img src="shots/${f}" width="${width}"><figcaption>${f.slice(start.length, -4)}</figcaption></figure>`);
      return `<h2>${lang} · ${size}</h2><div class="row">${cells.join('')}</div>`;
    }),
  );
  const page = await b.newPage({ viewport: { width: 1600, height: 900 } });
  const style =
    'body{font:13px sans-serif;margin:12px;background:#ddd}.row{display:flex;gap:8px;align-items:flex-start;flex-wrap:wrap}' +
    'figure{margin:0;background:#fff}img{display:block;border:1px solid #999}figcaption{padding:2px 4px}';
  writeFileSync(`${out}/${prefix}.html`, `<!doctype html><style>${style}</style><h1>${prefix}</h1>${rows.join('')}`);
  await page.goto(`file://${out}/${prefix}.html`);
  await page.screenshot({ path: `${out}/${prefix}.png`, fullPage: true });
  await page.close();
}

try {
  const flows = ['calculator', ...Object.keys(FUNNEL_WALKS)];
  for (const flow of flows) {
    console.log(`walking ${flow}…`);
    await walkAll(flow);
  }
  await shootPages();
  for (const prefix of [...flows, 'pages']) await sheet(browser, prefix);
  console.log(`contact sheets in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
