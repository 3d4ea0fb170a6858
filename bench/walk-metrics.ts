// The calculator's scripted walk (tests/testing/calculator-walk.ts) at 4× CPU slowdown: the layout shift it causes
// (PerformanceObserver 'layout-shift') and its slowest tap-to-next-paint (Event Timing, interactions only).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { AppServer } from '../tests/testing/app-server.ts';
import { PHONE } from '../tests/testing/browser.ts';
import { walkCalculator } from '../tests/testing/calculator-walk.ts';
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

export async function measureWalk(browser: Browser, server: AppServer, route: string, phone: string): Promise<WalkFigures> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const figures: WalkFigures = { shiftAll: 0, shiftUnprompted: 0, slowestInteraction: 0 };
    await page.exposeFunction('__benchMetric', (kind: string, value: number) => {
      if (kind === 'shift' || kind === 'shift-input') figures.shiftAll += value;
      if (kind === 'shift') figures.shiftUnprompted += value;
      if (kind === 'interaction') figures.slowestInteraction = Math.max(figures.slowestInteraction, value);
    });
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.BENCH_CPU_RATE ?? 4) });
    await walkCalculator(page, server, { route, lang: 'en', phone, consult: 'yes' });
    // Let the observers deliver the last entries.
    await page.waitForTimeout(500);
    return figures;
  } finally {
    await context.close();
  }
}

export async function walkSection(browser: Browser, server: AppServer, runs: number): Promise<Section> {
  // The walk checks every step with axe; here violations are logged (AXE_LOG, see tests/testing/axe.ts), not fatal.
  const axeLog = join(mkdtempSync(join(tmpdir(), 'claimflow-bench-axe-')), 'axe.jsonl');
  process.env.AXE_LOG = axeLog;
  const route = funnelRoutes().find((r) => r.flow === 'calculator')?.route ?? '/calculate-your-accident-claim-value';
  // A distinct phone per walk: each gets its own SMS code from the console provider.
  const m = await medianOf(runs, (run) => measureWalk(browser, server, route, `202555${String(160 + run).padStart(4, '0')}`));
  const axeLines = existsSync(axeLog) ? readFileSync(axeLog, 'utf8').trim().split('\n').length : 0;
  delete process.env.AXE_LOG;
  return {
    title: 'Scripted walk at 4× CPU slowdown',
    notes: [
      `The calculator walk of the browser tests (${route}, English, 390×844), CDP Emulation.setCPUThrottlingRate 4; median of ${runs} walks.`,
      'Layout shift: PerformanceObserver layout-shift summed over the whole walk, all shifts and those without recent input (what CLS counts).',
      'Slowest interaction: the longest Event Timing duration among interactions (interactionId set), i.e. tap to the next paint.',
      `axe checks during the walks: ${axeLines} step(s) with violations${axeLines ? ` (logged to ${axeLog}; the browser tests are where they fail)` : ''}.`,
      'Only the calculator funnel is walked: the other funnels have no walk helper of this kind yet.',
    ],
    headers: ['funnel', 'layout shift (all)', 'layout shift (no recent input)', 'slowest interaction (ms)'],
    rows: [['calculator', againstBudget(m.shiftAll, 0.02, 'max', 3), fixed(m.shiftUnprompted, 3), againstBudget(m.slowestInteraction, 100, 'max', 0)]],
  };
}
