// Lighthouse mobile (its default config: emulated phone, simulated slow-4G and 4x CPU throttling) on Debian's chromium.
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../tests/testing/browser.ts';
import { medianOf } from './median.ts';
import { againstBudget, fixed, type Section } from './results.ts';

const LIGHTHOUSE_VERSION = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;

export interface LighthouseFigures extends Record<string, number> {
  /** 0-100 */
  performance: number;
  /** ms */
  lcp: number;
  /** ms */
  tbt: number;
  cls: number;
  /** ms */
  fcp: number;
  /** ms: the longest main-thread task of the load as simulated at 4x CPU (Lighthouse's long-tasks audit; 0 if none reached 50 ms). */
  longestTask: number;
  /** ms: the same, of the tasks the audit puts down to a script file (the app's JavaScript, not the HTML's parse and layout). */
  longestScriptTask: number;
  /** Lighthouse's measure of the machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
}

/** The median of `runs` Lighthouse runs on url, in one chromium. */
export async function lighthouseMedian(url: string, runs: number): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    return await medianOf(runs, async () => {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const tasks = longTasks(lhr.audits['long-tasks']?.details);
      return {
        performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcp: audit('first-contentful-paint'),
        longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
        longestScriptTask: Math.max(0, ...tasks.filter((task) => /\.m?js(\?|$)/.test(task.url)).map((task) => task.duration)),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      };
    });
  } finally {
    chrome.kill();
  }
}

/**
 * The long-tasks audit's tasks: where each is put down to (a script's or the page's address, or "Unattributable"), and
 * its simulated duration (ms). Not Lighthouse's own script that it runs in the page to read it (_lighthouse-eval.js,
 * 62 to 106 ms on /notify-me), which no visitor runs.
 */
function longTasks(details: unknown): { url: string; duration: number }[] {
  const items = (details as { items?: { url?: unknown; duration?: unknown }[] } | undefined)?.items ?? [];
  return items
    .map((item) => ({ url: String(item.url), duration: Number(item.duration) }))
    .filter((task) => Number.isFinite(task.duration) && task.url !== '_lighthouse-eval.js');
}

/** The table of part 2. */
export async function lighthouseSection(base: string, routes: { route: string }[], runs: number): Promise<Section> {
  const rows: string[][] = [];
  for (const { route } of routes) {
    let m: LighthouseFigures;
    try {
      m = await lighthouseMedian(`${base}${route}`, runs);
    } catch (error) {
      rows.push([route, `failed: ${String(error).split('\n')[0] ?? ''}`, '', '', '', '', '']);
      continue;
    }
    rows.push([
      route,
      againstBudget(m.performance, 95, 'min', 0),
      againstBudget(m.lcp / 1000, 2.0, 'max', 2),
      againstBudget(m.tbt, 100, 'max', 0),
      againstBudget(m.cls, 0.02, 'max', 3),
      fixed(m.fcp / 1000, 2),
      fixed(m.benchmarkIndex, 0),
    ]);
  }
  return {
    title: 'Lighthouse mobile',
    notes: [
      `lighthouse ${LIGHTHOUSE_VERSION}, default mobile config (simulated throttling), performance category only; median of ${runs} runs per route (a run that fails, e.g. NO_NAVSTART, is tried again up to 3 times).`,
      "CPU index: Lighthouse's benchmarkIndex, the speed of this machine's CPU as it measured it during the run (higher is faster). The simulated LCP and TBT scale with the page's observed CPU time, so runs on different days compare only beside it.",
    ],
    headers: ['route', 'performance', 'LCP (s)', 'TBT (ms)', 'CLS', 'FCP (s)', 'CPU index'],
    rows,
  };
}
