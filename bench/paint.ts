// Issue 35's budgets, paint before JavaScript: each route's Lighthouse mobile figures (simulated slow 4G, 4x CPU) beside
// those of a static page of the same first-screen HTML without JavaScript (bench/static-twin.ts), served by the same
// server in the same run: LCP at most 1.3x the static page's, FCP at most 1.15x, TBT at most 100 ms, CLS at most 0.02,
// with Lighthouse's benchmark index of each.
// Alone: `npx tsx bench/paint.ts` (builds the app, or serves BENCH_STATIC_DIR; BENCH_RUNS runs per median, default 5;
// PAINT_ROUTES=/,/find-my-report?lang=es,report,… measures those, report standing for a demo report's page, instead of
// every route of the issue's list).
import { loadavg } from 'node:os';
import { TEXT_PAGES } from '../engine/site-pages.ts';
import { startAppServer } from '../tests/testing/app-server.ts';
import { buildApp } from '../tests/testing/build-app.ts';
import { lighthouseMedian, type LighthouseFigures } from './lighthouse.ts';
import { takeRetries } from './median.ts';
import { demoReportRoute } from './report-route.ts';
import { againstBudget, fixed, printSections, writeSections, type Section } from './results.ts';
import { funnelRoutes } from './routes.ts';
import { STATIC_TWIN } from './static-twin.ts';

const LCP_RATIO = 1.3;
const FCP_RATIO = 1.15;
const TBT_MS = 100;
const CLS = 0.02;
/** Part 1: hydration split so that no task exceeds 50 ms at 4x CPU. */
const TASK_MS = 50;

/** A search's results, drawn with its answer by the server: the demo reports of Houston's last 14 days (50 of them). */
const SEARCH_ROUTE = '/results?city=Houston&state=TX';

/** The issue's routes: home, each funnel's first step in both languages, the search pages, a report, the text pages. */
export function paintRoutes(reportRoute: string): string[] {
  const both = (path: string) => [path, `${path}${path.includes('?') ? '&' : '?'}lang=es`];
  return [
    ...both('/'),
    ...funnelRoutes().flatMap(({ route }) => both(route)),
    '/accidents-near-me',
    '/results',
    SEARCH_ROUTE,
    reportRoute,
    ...TEXT_PAGES.map((page) => `/${page}`),
  ];
}

/** Each route measured, then its static twin, in one chromium each: the section of part 2. */
export async function paintSection(base: string, routes: string[], runs: number): Promise<Section> {
  const rows: string[][] = [];
  for (const route of routes) {
    let app: LighthouseFigures;
    let bare: LighthouseFigures;
    try {
      app = await lighthouseMedian(`${base}${route}`, runs);
      bare = await lighthouseMedian(`${base}${STATIC_TWIN}?path=${encodeURIComponent(route)}`, runs);
    } catch (error) {
      rows.push([route, `failed: ${String(error).split('\n')[0] ?? ''}`, '', '', '', '', '', '', '', '']);
      continue;
    }
    rows.push([
      route,
      `${fixed(app.lcp / 1000, 2)} / ${fixed(bare.lcp / 1000, 2)}`,
      againstBudget(app.lcp / bare.lcp, LCP_RATIO, 'max', 2),
      `${fixed(app.fcp / 1000, 2)} / ${fixed(bare.fcp / 1000, 2)}`,
      againstBudget(app.fcp / bare.fcp, FCP_RATIO, 'max', 2),
      againstBudget(app.tbt, TBT_MS, 'max', 0),
      againstBudget(app.longestScriptTask, TASK_MS, 'max', 0),
      `${fixed(app.longestTask, 0)} / ${fixed(bare.longestTask, 0)}`,
      againstBudget(app.cls, CLS, 'max', 3),
      `${fixed(app.benchmarkIndex, 0)} / ${fixed(bare.benchmarkIndex, 0)}`,
    ]);
    console.log(rows.at(-1)?.join(' | '));
  }
  return {
    title: 'Paint before JavaScript (issue 35)',
    notes: [
      `Each route beside its static twin: the same page as the server sends it (first screen drawn, styles inline) without its scripts (${STATIC_TWIN}?path=<route>, bench/static-twin.ts), from the same server in the same run; median of ${runs} Lighthouse mobile runs each (simulated slow 4G, 4x CPU), app then static.`,
      `Budgets: LCP at most ${LCP_RATIO}x the static page's, FCP at most ${FCP_RATIO}x, TBT at most ${TBT_MS} ms, no script task over ${TASK_MS} ms (the longest task of the load that Lighthouse's long-tasks audit puts down to a script file, as it simulates it at 4x CPU; 0 when none reached 50 ms), CLS at most ${CLS}. Beside the script task, the longest task of any kind, app / static: the HTML's parse, style and layout are the static page's too. Benchmark index: Lighthouse's measure of this machine's CPU speed in each run (app / static; higher is faster).`,
    ],
    headers: [
      'route',
      'LCP app / static (s)',
      'LCP ratio',
      'FCP app / static (s)',
      'FCP ratio',
      'TBT (ms)',
      'longest script task (ms)',
      'longest task app / static (ms)',
      'CLS',
      'benchmark index',
    ],
    rows,
  };
}

if (import.meta.filename === process.argv[1]) {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
  const staticDir = process.env.BENCH_STATIC_DIR ?? (await buildApp());
  // Demo reports on: the report and the search measured are theirs. The search page's search is the API's, which sheds
  // searches on a busy event loop (a Lighthouse run keeps it busy) and limits each address: neither is measured here.
  const server = await startAppServer({
    staticDir,
    entry: 'bench/paint-server.ts',
    env: { DEMO_REPORTS: 'on', RATE_LIMIT_STATIC_PER_MINUTE: '1000000', RATE_LIMIT_API_PER_MINUTE: '1000000', SHED_OPTIONAL_EVENT_LOOP_UTILIZATION: '0' },
  });
  try {
    const loadAtStart = loadavg()[0]!.toFixed(1);
    const report = await demoReportRoute(server.url);
    const routes = process.env.PAINT_ROUTES?.split(',').map((route) => (route === 'report' ? report : route)) ?? paintRoutes(report);
    const section = await paintSection(server.url, routes, runs);
    const retried = takeRetries();
    printSections([section]);
    await writeSections([section], {
      command: `npx tsx bench/paint.ts${process.env.PAINT_ROUTES ? ` (PAINT_ROUTES: ${routes.length} of the issue's routes)` : ''}`,
      notes: [`Load average (1 min) at the start: ${loadAtStart}.`, ...(retried.length ? [`${retried.length} failed run(s) were tried again.`] : [])],
    });
  } finally {
    await server.stop();
  }
}
