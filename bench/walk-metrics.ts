// Every funnel's scripted walk (tests/testing/calculator-walk.ts, tests/testing/funnel-walks.ts) at 4× CPU slowdown: the
// layout shift it causes (PerformanceObserver 'layout-shift') and its slowest tap-to-next-paint (Event Timing).
import type { Browser, Locator, Page } from 'playwright-core';
import type { AppServer } from '../tests/testing/app-server.ts';
import { PHONE } from '../tests/testing/browser.ts';
import { walkCalculator } from '../tests/testing/calculator-walk.ts';
import { FunnelWalk } from '../tests/testing/funnel-walk.ts';
import { FUNNEL_WALKS, stubExternalPages } from '../tests/testing/funnel-walks.ts';
import { funnelRoutes } from './routes.ts';
import { medianOf } from './median.ts';
import { againstBudget, fixed, type Section } from './results.ts';

interface WalkFigures extends Record<string, number> {
  /** Sum of every layout shift over the walk. */
  shiftAll: number;
  /** Sum of the shifts not within 500 ms of an input (what CLS counts). */
  shiftUnprompted: number;
  /** The longest Event Timing duration of any interaction, ms: tap to the next paint. */
  slowestInteraction: number;
}

/**
 * Runs in every document of the walk; reports to the bench through an exposed function, which survives reloads.
 * A string, not a function: tsx's transform would wrap inner functions in helpers the page does not have.
 */
const OBSERVE = `
  // tsx compiles the walk's page.evaluate callbacks (tests/testing/axe.ts) with keepNames, which calls a __name helper.
  globalThis.__name ??= (fn) => fn;
  const report = (kind, value, name) => void window.__benchMetric?.(kind, value, name);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) report(e.hadRecentInput ? 'shift-input' : 'shift', e.value, '');
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) report('interaction', e.duration, e.name);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
`;

/** How long a finger rests on the screen in a tap: a phone's press and release come some 50–150 ms apart. */
const TAP_HOLD_MS = 80;

/**
 * A Playwright click presses and releases in the same instant, which no finger does: the press's own work (focus, :hover,
 * :active) then lands in the release's frame and is counted in its time to paint. The bench's walks tap as a phone is
 * tapped: every locator click of the walks (shared with the browser tests) holds TAP_HOLD_MS between press and release
 * (Playwright's `delay`), so Event Timing measures a tap from the finger's release to the next step's paint.
 */
function tapLikeAFinger(page: Page): void {
  const locator = Object.getPrototypeOf(page.locator('body')) as Pick<Locator, 'click'>;
  if (tapping.has(locator)) return;
  tapping.add(locator);
  const click = locator.click;
  locator.click = function (this: Locator, options) {
    return click.call(this, { delay: TAP_HOLD_MS, ...options });
  };
}
const tapping = new WeakSet<object>();

/** Walks a funnel in English at phone size, to its end (with a consultation, located by VIN where it asks). */
async function walkFunnel(page: Page, server: AppServer, flow: string, route: string, phone: string): Promise<void> {
  if (flow === 'calculator') return walkCalculator(page, server, { route, lang: 'en', phone, consult: 'yes' });
  const walk = FUNNEL_WALKS[flow as keyof typeof FUNNEL_WALKS];
  if (!walk) throw new Error(`no scripted walk for the ${flow} funnel (tests/testing/funnel-walks.ts)`);
  await stubExternalPages(page);
  await walk(new FunnelWalk(page, server, 'en'), { lang: 'en', size: 'phone', phone, consult: 'yes', locateBy: 'vin' });
}

/**
 * One walk, as one visitor: its own phone and its own address (X-Forwarded-For, which the bench's server trusts from
 * loopback), so thirty walks in a row stay under the per-address limit of code sends (server/store/code-limits.ts).
 */
export async function measureWalk(browser: Browser, server: AppServer, flow: string, route: string, visitor: number): Promise<WalkFigures> {
  const phone = `202555${String(3000 + visitor).padStart(4, '0')}`;
  const address = `198.51.100.${(visitor % 250) + 1}`;
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'x-forwarded-for': address } });
  try {
    const page = await context.newPage();
    const figures: WalkFigures = { shiftAll: 0, shiftUnprompted: 0, slowestInteraction: 0 };
    await page.exposeFunction('__benchMetric', (kind: string, value: number) => {
      if (kind === 'shift' || kind === 'shift-input') figures.shiftAll += value;
      if (kind === 'shift') figures.shiftUnprompted += value;
      if (kind === 'interaction') figures.slowestInteraction = Math.max(figures.slowestInteraction, value);
    });
    await page.addInitScript(OBSERVE);
    tapLikeAFinger(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.BENCH_CPU_RATE ?? 4) });
    await walkFunnel(page, server, flow, route, phone);
    // Let the observers deliver the last entries.
    await page.waitForTimeout(500);
    return figures;
  } finally {
    await context.close();
  }
}

export async function walkSection(browser: Browser, server: AppServer, runs: number): Promise<Section> {
  const rows: string[][] = [];
  let walk = 0;
  for (const { flow, route } of funnelRoutes()) {
    console.log(`  ${flow}`);
    // A distinct visitor per walk, retries included: each gets its own SMS code from the console provider.
    const m = await medianOf(runs, () => measureWalk(browser, server, flow, route, (walk += 1)));
    rows.push([flow, againstBudget(m.shiftAll, 0.02, 'max', 3), fixed(m.shiftUnprompted, 3), againstBudget(m.slowestInteraction, 100, 'max', 0)]);
  }
  return {
    title: 'Scripted walk at 4× CPU slowdown',
    notes: [
      `Each funnel's walk of the browser tests from its first route to its end (English, 390×844, a consultation asked for, the report located by VIN), CDP Emulation.setCPUThrottlingRate 4; median of ${runs} walks per funnel.`,
      'Layout shift: PerformanceObserver layout-shift summed over the whole walk, all shifts and those without recent input (what CLS counts).',
      `Slowest interaction: the longest Event Timing duration among interactions (interactionId set), i.e. tap to the next paint. Taps hold ${TAP_HOLD_MS} ms between press and release, as a finger does (Playwright's click otherwise presses and releases at once).`,
      'The walks are the browser tests\' own: each step is checked with axe as there (a violation fails the walk), which also gives a person\'s pause between taps.',
    ],
    headers: ['funnel', 'layout shift (all)', 'layout shift (no recent input)', 'slowest interaction (ms)'],
    rows,
  };
}
