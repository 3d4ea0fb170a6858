// What the per-address request limit costs the web app's files and pages (server/security.ts): sequential GETs over one
// kept-alive connection, as a browser loading a page sends them, of a hashed asset (brotli) and of a funnel's page, on
// two apps of one PGlite in this process, the request limit on (its defaults) and off (its policies dropped), the rounds
// going round the four in turn. The reference is the page with the limit off, measured in the same run.
// Alone: `npx tsx bench/static-files.ts` after `npm run build` (BENCH_RUNS rounds, default 5), which prints its table.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import type { Db } from '../server/db/db.ts';
import { openDb } from '../server/db/open-db.ts';
import { createSms } from '../server/sms/create-sms.ts';
import { median } from './median.ts';
import { againstBudget, fixed, printSections, type Section, writeSections } from './results.ts';

const REQUESTS = 300;
/** An asset with the limit on may take at most this many times the page's time with it off. */
const MAX_RATIO = 1.1;

/** ms per request over REQUESTS sequential GETs of url. */
async function sequential(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  }
  return (performance.now() - started) / REQUESTS;
}

export async function staticFileSections(options: { staticDir: string; runs: number }): Promise<Section> {
  const dataDir = await mkdtemp(join(tmpdir(), 'claimflow-bench-static-'));
  const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: options.staticDir, SHED_EVENT_LOOP_DELAY_MS: '0', DEMO_REPORTS: 'off' });
  const db = await openDb(config);
  await migrate(db);
  const sms = createSms(config);
  // The statements that count requests (countRequest's INSERT), counted.
  let statements = 0;
  const counting: Db = {
    ...db,
    query: (sql, params) => {
      if (sql.includes('INSERT INTO limit_events')) statements++;
      return db.query(sql, params);
    },
  };
  const apps = {
    on: await buildApp({ config, db: counting, sms }),
    off: await buildApp({ config, db: counting, sms, limits: { webRequests: [], apiRequests: [] } }),
  };
  const asset = (await readdir(resolve(options.staticDir, 'assets'))).find((name) => /^index-.*\.js$/.test(name));
  if (!asset) throw new Error(`no index-*.js in ${options.staticDir}/assets: npm run build first`);
  const requests = {
    page: { path: '/find-my-report', headers: { accept: 'text/html', 'accept-encoding': 'br' } },
    asset: { path: `/assets/${asset}`, headers: { accept: '*/*', 'accept-encoding': 'br' } },
  };
  const figures = new Map<string, number[]>();
  const counted = new Map<string, number[]>();
  try {
    const bases: Record<string, string> = {};
    for (const [limit, app] of Object.entries(apps)) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      bases[limit] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }
    for (let run = 0; run < options.runs; run++) {
      for (const [what, { path, headers }] of Object.entries(requests)) {
        for (const limit of ['off', 'on']) {
          // Each round from a fresh window: a run's 300 requests of each kind stay under the default 1,000 a minute.
          await db.query('DELETE FROM limit_events');
          const key = `${what} ${limit}`;
          const before = statements;
          figures.set(key, [...(figures.get(key) ?? []), await sequential(bases[limit]! + path, headers)]);
          counted.set(key, [...(counted.get(key) ?? []), statements - before]);
        }
      }
    }
  } finally {
    await Promise.all(Object.values(apps).map((app) => app.close()));
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const ms = (key: string) => median(figures.get(key) ?? []);
  const reference = ms('page off');
  const row = (what: keyof typeof requests, limit: string) => {
    const ratio = ms(`${what} ${limit}`) / reference;
    return [
      `GET ${requests[what].path}`,
      limit,
      fixed(ms(`${what} ${limit}`), 2),
      String(median(counted.get(`${what} ${limit}`) ?? [])),
      what === 'asset' && limit === 'on' ? againstBudget(ratio, MAX_RATIO, 'max', 2) : fixed(ratio, 2),
    ];
  };
  return {
    title: 'Files and pages with the request limit (PGlite)',
    notes: [
      `${REQUESTS} sequential GETs over one kept-alive connection (fetch in the benchmark's process), brotli accepted; two apps of one PGlite in the same process, the per-address request limit on (its default, ${config.rateLimit.staticPerMinute} a minute) and off; each figure the median of ${options.runs} rounds, the rounds going round the four rows in turn, limit_events emptied before each. Counting statements: countRequest's, per ${REQUESTS} requests.`,
      `Reference: the page with the limit off, measured in the same run; budget: the asset with the limit on ≤ ${MAX_RATIO} × it.`,
    ],
    headers: ['request', 'request limit', 'ms/request', 'counting statements', 'vs page with the limit off'],
    rows: [row('page', 'off'), row('page', 'on'), row('asset', 'off'), row('asset', 'on')],
  };
}

if (import.meta.filename === process.argv[1]) {
  const loadAtStart = loadavg()[0]!;
  const section = await staticFileSections({ staticDir: process.env.STATIC_DIR ?? 'dist', runs: Math.max(1, Number(process.env.BENCH_RUNS ?? 5)) });
  section.notes.push(`Load average (1 min): ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end.`);
  printSections([section]);
  if (process.env.BENCH_WRITE !== '0') await writeSections([section], { command: 'npx tsx bench/static-files.ts' });
}
