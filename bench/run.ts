// `npm run bench`: builds the app, starts the real server on a fresh data directory and measures each part in turn,
// printing one table per part and writing each into bench/RESULTS.md in place of its earlier table.
// BENCH_RUNS (default 5) sets the runs per median; BENCH_QUICK=1 makes the load runs 3 s instead of 20 s;
// BENCH_PARTS=bytes,lighthouse,walk,events,api,reports,alerts,bodies,delivery,shedding,static picks parts; BENCH_STATIC_DIR serves an existing build.
import { loadavg } from 'node:os';
import { buildApp } from '../tests/testing/build-app.ts';
import { startAppServer } from '../tests/testing/app-server.ts';
import { readySponsorsEnv } from '../tests/testing/fake-sponsors.ts';
import { launchBrowser } from '../tests/testing/browser.ts';
import { alertSections } from './alerts.ts';
import { apiLoadSections, TEST_PHONE } from './api-load.ts';
import { bodySections } from './bodies.ts';
import { criticalBytesSection } from './critical-bytes.ts';
import { deliverySections } from './delivery.ts';
import { lighthouseSection } from './lighthouse.ts';
import { demoReportRoute } from './report-route.ts';
import { reportSections } from './reports.ts';
import { sheddingSections } from './shedding.ts';
import { staticFileSections } from './static-files.ts';
import { takeRetries } from './median.ts';
import { printSections, writeSections, type Section } from './results.ts';
import { funnelRoutes } from './routes.ts';
import { eventsSection, walkSection } from './walk-metrics.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const QUICK = process.env.BENCH_QUICK === '1';
const PARTS = new Set((process.env.BENCH_PARTS ?? 'bytes,lighthouse,api,walk,events,reports,alerts,bodies,delivery,shedding,static').split(','));

const routes = funnelRoutes();
// BENCH_STATIC_DIR: measure an existing build instead of building the working tree.
console.log(process.env.BENCH_STATIC_DIR ? `serving ${process.env.BENCH_STATIC_DIR}` : 'building the app…');
const staticDir = process.env.BENCH_STATIC_DIR ?? (await buildApp());
// The API's per-address limit would refuse a load test and a benchmark's repeated page loads: raised for the bench.
// Each walk comes from its own address (bench/walk-metrics.ts), trusted from the loopback proxy the bench acts as.
// Demo reports on, as `npm start` has them: the report screen measured is one of them.
// The sponsors of sponsors/ ready, so that a walk's consultation names who may call and goes on to its call time.
const env = {
  TEST_PHONE,
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_STATIC_PER_MINUTE: '1000000',
  TRUST_PROXY: 'loopback',
  DEMO_REPORTS: 'on',
  ...readySponsorsEnv(),
};
const server = await startAppServer({ staticDir, env });
const browser = await launchBrowser();
// The report screen of a demo report (seeded at start) is measured beside the funnels' first screens.
const pages = [...routes, { route: await demoReportRoute(server.url) }];
const notes = [
  `Each figure is the median of ${RUNS} runs${RUNS < 5 ? ' (fewer than the 5 the issue asks for)' : ''}.`,
  `Server: \`node --import tsx server/main.ts\` (NODE_ENV unset, LOG_LEVEL=warn) serving a fresh \`vite build\`, on this same machine as the browser and load generator.`,
  ...(QUICK ? ['BENCH_QUICK=1: the API load runs lasted 3 s each, not 20 s.'] : []),
];

async function part(name: string, measure: () => Promise<Section | Section[]>) {
  if (!PARTS.has(name)) return;
  console.log(`measuring ${name}…`);
  const loadAtStart = loadavg()[0]!.toFixed(1);
  let sections: Section[];
  try {
    sections = [await measure()].flat();
  } catch (error) {
    console.error(`${name} failed:`, error);
    sections = [{ title: `${name}: failed`, notes: [String(error).split('\n')[0] ?? ''], headers: ['—'], rows: [] }];
  }
  const retried = takeRetries();
  const partNotes = [`Load average (1 min) at the start: ${loadAtStart}.`];
  if (retried.length) partNotes.push(`${retried.length} failed run(s) were tried again (${[...new Set(retried)].join('; ')}).`);
  printSections(sections);
  await writeSections(sections, { command: 'npm run bench', chromium: browser.version(), notes: [...notes, ...partNotes] });
}

try {
  await part('bytes', () => criticalBytesSection(browser, server.url, pages, RUNS));
  await part('lighthouse', () => lighthouseSection(server.url, pages, RUNS));
  await part('walk', () => walkSection(browser, server, RUNS));
  await part('events', () => eventsSection(browser, server, RUNS));
  await part('api', () => apiLoadSections({ staticDir, quick: QUICK, runs: RUNS }));
  await part('reports', () => reportSections({ staticDir, quick: QUICK, runs: RUNS }));
  await part('alerts', () => alertSections({ runs: RUNS }));
  await part('bodies', () => bodySections({ staticDir, quick: QUICK, runs: RUNS }));
  await part('delivery', () => deliverySections({ quick: QUICK, runs: RUNS }));
  await part('shedding', () => sheddingSections({ quick: QUICK }));
  await part('static', () => staticFileSections({ staticDir, runs: Math.max(5, RUNS) }));
} finally {
  await browser.close();
  await server.stop();
}
console.log('written to bench/RESULTS.md');
