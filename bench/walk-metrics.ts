// Every funnel's scripted walk (tests/testing/calculator-walk.ts, tests/testing/funnel-walks.ts) at 4× CPU slowdown: the
// layout shift it causes (PerformanceObserver 'layout-shift') and its slowest tap-to-next-paint (Event Timing); and, in
// walks of their own under the CPU profiler, the main-thread time of the step events code against that slowest tap.
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
  /** Main-thread ms in the step events code over the walk (a profiled walk only; NaN otherwise). */
  eventsCode: number;
}

/** The step events code's chunk (src/analytics/step-events.ts and what only it imports). */
const EVENTS_CHUNK = /\/assets\/step-events-[^/]*\.js$/;
/** µs between the profiler's samples: the events code runs a fraction of a ms at a time. */
const SAMPLING_US = 100;

/** What this reads of a CDP Profiler profile. */
interface CpuProfile {
  nodes: { id: number; callFrame: { url: string }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** ms of the profile's samples taken with the events chunk's code anywhere on the stack (its own work and all it calls). */
function eventsCodeMs(profile: CpuProfile): number {
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const ownUrl = new Map(profile.nodes.map((node) => [node.id, EVENTS_CHUNK.test(node.callFrame.url)]));
  const inEvents = new Map<number, boolean>();
  const within = (id: number): boolean => {
    const path: number[] = [];
    let at: number | undefined = id;
    let found = false;
    while (at !== undefined && !inEvents.has(at)) {
      path.push(at);
      if (ownUrl.get(at)) {
        found = true;
        break;
      }
      at = parentOf.get(at);
    }
    found ||= at !== undefined && inEvents.get(at) === true;
    for (const step of path) inEvents.set(step, found);
    return found;
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let us = 0;
  // A sample stands for the time until the next one.
  for (let i = 0; i < samples.length; i++) if (within(samples[i] as number)) us += deltas[i + 1] ?? 0;
  return us / 1000;
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
  if (flow === 'calculator') {
    await walkCalculator(page, server, { route, lang: 'en', phone, consult: 'yes' });
    return;
  }
  const walk = FUNNEL_WALKS[flow as keyof typeof FUNNEL_WALKS];
  if (!walk) throw new Error(`no scripted walk for the ${flow} funnel (tests/testing/funnel-walks.ts)`);
  await stubExternalPages(page);
  await walk(new FunnelWalk(page, server, 'en'), { lang: 'en', size: 'phone', phone, consult: 'yes', locateBy: 'vin' });
}

/**
 * One walk, as one visitor: its own phone and its own address (X-Forwarded-For, which the bench's server trusts from
 * loopback), so thirty walks in a row stay under the per-address limit of code sends (server/limits/policies.ts).
 */
export async function measureWalk(browser: Browser, server: AppServer, flow: string, route: string, visitor: number, profile = false): Promise<WalkFigures> {
  const phone = `202555${String(3000 + visitor).padStart(4, '0')}`;
  const address = `198.51.100.${(visitor % 250) + 1}`;
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'x-forwarded-for': address } });
  try {
    const page = await context.newPage();
    const figures: WalkFigures = { shiftAll: 0, shiftUnprompted: 0, slowestInteraction: 0, eventsCode: Number.NaN };
    await page.exposeFunction('__benchMetric', (kind: string, value: number) => {
      if (kind === 'shift' || kind === 'shift-input') figures.shiftAll += value;
      if (kind === 'shift') figures.shiftUnprompted += value;
      if (kind === 'interaction') figures.slowestInteraction = Math.max(figures.slowestInteraction, value);
    });
    await page.addInitScript(OBSERVE);
    tapLikeAFinger(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.BENCH_CPU_RATE ?? 4) });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
      await cdp.send('Profiler.start');
    }
    await walkFunnel(page, server, flow, route, phone);
    // Let the observers deliver the last entries.
    await page.waitForTimeout(500);
    if (profile) {
      // The page going away: its last events are sent (and their time counted) as the walk's end.
      await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
      figures.eventsCode = eventsCodeMs((await cdp.send('Profiler.stop')).profile);
    }
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
      "The walks are the browser tests' own: each step is checked with axe as there (a violation fails the walk), which also gives a person's pause between taps.",
    ],
    headers: ['funnel', 'layout shift (all)', 'layout shift (no recent input)', 'slowest interaction (ms)'],
    rows,
  };
}

/**
 * The step events code (issue 21) over each funnel's whole walk, profiled: its main-thread time must stay under one
 * step's transition (the walk's slowest tap). Walks of their own, so the profiler does not touch the walk rows above.
 */
export async function eventsSection(browser: Browser, server: AppServer, runs: number): Promise<Section> {
  const rows: string[][] = [];
  let walk = 500;
  for (const { flow, route } of funnelRoutes()) {
    console.log(`  ${flow}`);
    const m = await medianOf(runs, () => measureWalk(browser, server, flow, route, (walk += 1), true));
    rows.push([
      flow,
      againstBudget(m.eventsCode, m.slowestInteraction, 'max', 2),
      fixed(m.slowestInteraction, 0),
      fixed((m.eventsCode / m.slowestInteraction) * 100, 1),
    ]);
  }
  return {
    title: 'Step events code over a walk at 4× CPU slowdown',
    notes: [
      `The walks above, profiled (CDP Profiler, a sample every ${SAMPLING_US} µs); median of ${runs} walks per funnel. The page's pagehide is sent at the end, so the last batch's beacon is counted.`,
      "Events code: the time of the samples with a frame of the step events chunk (src/analytics/step-events.ts, watch-steps.ts) on the stack: reading the machine's moves, numbering, batching, JSON and sendBeacon. Not counted: the few lines in the page's chunk that pass each move on (use-step-events.ts) and XState's making of its inspection events.",
      "Budget: the whole walk's events cost less than its slowest tap (tap to the next paint, Event Timing, in the same profiled walk).",
    ],
    headers: ['funnel', 'events code, whole walk (ms)', 'slowest tap (ms)', 'events / slowest tap (%)'],
    rows,
  };
}
