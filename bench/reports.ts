// Accident reports at scale: importing through COPY (beside pgbench's single-row inserts), search under load beside a
// primary-key lookup of the same table, and PDF generation, on PostgreSQL (1,000,000 reports, then 5,000,000: the
// budgets are ratios to the same run's key read and pgbench, and may grow by GROWTH from one size to the next) and
// PGlite (100,000).
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import autocannon from 'autocannon';
import type { Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPgDb } from '../server/db/pg-db.ts';
import { openPgliteDb } from '../server/db/pglite-db.ts';
import { importReports } from '../server/reports/bulk-import.ts';
import { ndjsonRecords } from '../server/reports/report-file.ts';
import { caseKeyOf } from '../server/reports/prepare-report.ts';
import { readReport } from '../server/reports/read-report.ts';
import { geoCell } from '../server/reports/geo-cell.ts';
import { milesSql, searchReports } from '../server/reports/search-reports.ts';
import { syntheticReports } from '../server/reports/synthetic/synthetic-reports.ts';
import { startAppServer } from '../tests/testing/app-server.ts';
import { dbLoad } from './db-load.ts';
import type { LoadFigures } from './load-figures.ts';
import { median, medianOf } from './median.ts';
import { pgbenchInserts, pgbenchPath } from './pgbench.ts';
import { freshDatabase, PG_ADMIN_URL, serverSettings, serverVersion } from './postgres.ts';
import { againstBudget, fixed, printSections, type Section, writeSections } from './results.ts';

const CONNECTIONS = 50;
/** Requests of each kind a load run picks from at random. */
const SAMPLES = 5_000;
/**
 * The API's load comes from this many visitors in turn (X-Forwarded-For, the server trusting loopback), each a few
 * requests a minute as people search: the per-address request limit is paid at its default. From one address at a
 * limit raised out of the way, each request's counting statement read that address's whole minute of requests.
 */
const VISITORS = 5_000;
const visitor = (i: number) => `10.0.${(i % VISITORS) >> 8}.${(i % VISITORS) & 255}`;
/** The reports' days: two years back from today, 25 monthly partitions. */
const DAYS = 730;
/** The most a ratio may grow from one size to the next (issue 37). */
const GROWTH = 1.25;
/** The import's budget: at least pgbench's rate of single-row inserts, measured beside it. */
const IMPORT_RATIO = 1;

interface Target {
  name: string;
  /** The p99 budget of the database-level row on PostgreSQL, as a multiple of the key read's p99 (the last target). */
  ratio?: number;
  /** The request of GET i (any i) through the API, and the same search or read made on the database. */
  path: (i: number) => string;
  call: (db: Db, i: number) => Promise<unknown>;
}

/** Writes `count` synthetic reports (seeded by `seed`) to an NDJSON file, outside any timing. */
async function reportFile(dir: string, seed: string, count: number): Promise<string> {
  const file = join(dir, `${seed}.ndjson`);
  const out = createWriteStream(file);
  for (const report of await syntheticReports({ count, days: DAYS, seed, source: 'bench', now: Date.now() })) {
    if (!out.write(`${JSON.stringify(report)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return file;
}

/**
 * Imports `runs` files of `perRun` reports (seeds of their own for each stage) one after another, as reports:import
 * does; with pgbenchUrl, each run followed by a CHECKPOINT (the run's pages written out) and a run of pgbench's
 * single-row inserts, so that each import run is set beside the database's rate of the same minute. Medians of the
 * runs: the import's rate, pgbench's, and of each run's import ÷ pgbench.
 */
async function importRuns(
  db: Db,
  dir: string,
  stage: number,
  opts: { runs: number; perRun: number; seconds: number; pgbenchUrl?: string },
): Promise<{ rate: number; pgbench?: number; ratio: number; total: number }> {
  const runs: { rate: number; pgbench: number; ratio: number }[] = [];
  for (let run = 0; run < opts.runs; run++) {
    const file = await reportFile(dir, `bench${stage}-${run}`, opts.perRun);
    const started = performance.now();
    const summary = await importReports(db, ndjsonRecords(createReadStream(file, { highWaterMark: 1 << 20 })));
    const rate = opts.perRun / ((performance.now() - started) / 1000);
    rmSync(file);
    if (summary.accepted !== opts.perRun) {
      throw new Error(`import run ${run + 1}: ${summary.accepted} of ${opts.perRun} accepted, ${summary.rejected} rejected`);
    }
    let pgbench = Number.NaN;
    if (opts.pgbenchUrl) {
      // pgbench measured during the checkpoint that followed 4,000,000 reports ran at 2,693 inserts a second, against
      // 6,841 after the first million.
      await db.query('CHECKPOINT');
      pgbench = (await pgbenchInserts(opts.pgbenchUrl, 10, opts.seconds)).rps;
    }
    runs.push({ rate, pgbench, ratio: rate / pgbench });
    console.log(`    import run ${run + 1}: ${fixed(rate, 0)} reports/s${opts.pgbenchUrl ? `, pgbench ${fixed(pgbench, 0)} inserts/s` : ''}`);
  }
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM reports');
  const of = (k: 'rate' | 'pgbench' | 'ratio') => median(runs.map((r) => r[k]));
  return { rate: of('rate'), ...(opts.pgbenchUrl && { pgbench: of('pgbench') }), ratio: of('ratio'), total: Number(rows[0]?.n ?? 0) };
}

/** The searches to load, from a sample of the stored reports, and the densest grid cell's middle as a city centre. */
async function targets(db: Db): Promise<{ targets: Target[]; density: string }> {
  const sampled = await db.query<{ id: string; vin: string; case_id: string; state: string }>(
    `SELECT id, vins[1] AS vin, case_id, state FROM reports TABLESAMPLE SYSTEM (2)
     WHERE cardinality(vins) > 0 AND case_id IS NOT NULL LIMIT ${SAMPLES}`,
  );
  const dense = await db.query<{ lat: number; lng: number }>(
    `SELECT avg(lat) AS lat, avg(lng) AS lng FROM reports
     WHERE geo_cell = (SELECT geo_cell FROM reports GROUP BY geo_cell ORDER BY count(*) DESC LIMIT 1)`,
  );
  const centre = dense.rows[0];
  const rows = sampled.rows;
  if (!centre || rows.length === 0) throw new Error('no reports to search');
  const pick = (i: number) => rows[i % rows.length]!;
  // Spread over the centre's few blocks, so each search is its own query (not one cached page).
  const point = (i: number) => ({
    lat: Number((centre.lat + ((i % 20) - 10) * 0.002).toFixed(4)),
    lng: Number((centre.lng + ((Math.floor(i / 20) % 10) - 5) * 0.002).toFixed(4)),
  });
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);
  // How dense the area is: the reports of those 14 days within 10 miles of its centre, and of the centre's cell.
  const { rows: around } = await db.query<{ circle: number; cell: number }>(
    `SELECT count(*) FILTER (WHERE ${milesSql('$1::float8', '$2::float8')} <= 10)::int AS circle,
       count(*) FILTER (WHERE r.geo_cell = $4)::int AS cell
     FROM reports r WHERE r.occurred_on >= $3::date AND abs(r.lat - $1::float8) < 0.2 AND abs(r.lng - $2::float8) < 0.3`,
    [centre.lat, centre.lng, from, geoCell(centre)],
  );
  const density = `The densest area's centre (${centre.lat.toFixed(3)}, ${centre.lng.toFixed(3)}, the middle of the grid cell holding the most reports) has ${around[0]?.circle.toLocaleString('en-US')} reports of the last 14 days within 10 miles (${around[0]?.cell.toLocaleString('en-US')} in its 0.1° cell): a search there lists the newest 50.`;
  const targets: Target[] = [
    {
      name: 'search by VIN (no dates: every month)',
      ratio: 1.5,
      path: (i) => `/api/reports/search?vin=${pick(i).vin}`,
      call: (q, i) => searchReports(q, { mode: { kind: 'vin', vin: pick(i).vin } }),
    },
    {
      name: 'search by case ID + state (no dates: every month)',
      ratio: 1.5,
      path: (i) => `/api/reports/search?caseId=${encodeURIComponent(pick(i).case_id)}&state=${pick(i).state}`,
      call: (q, i) => searchReports(q, { mode: { kind: 'case', caseKey: caseKeyOf(pick(i).case_id), state: pick(i).state } }),
    },
    {
      // The centre is each size's own (its section's note says where): not in the name, which the sizes' rows share.
      name: 'search within 10 mi, last 14 days, densest area',
      ratio: 2,
      path: (i) => `/api/reports/search?lat=${point(i).lat}&lng=${point(i).lng}&radius=10&from=${from}&to=${to}`,
      call: (q, i) => searchReports(q, { mode: { kind: 'place', centre: point(i), radiusMiles: 10 }, dates: { from, to } }),
    },
    { name: 'report by id (primary key; GET /api/reports/:id)', path: (i) => `/api/reports/${pick(i).id}`, call: (q, i) => readReport(q, pick(i).id) },
  ];
  return { targets, density };
}

/** Calls each target once for every sample, untimed, so that no row pays for reading the samples into memory first. */
async function warm(db: Db, targets: Target[]): Promise<void> {
  for (const target of targets) for (let i = 0; i < SAMPLES; i++) await target.call(db, i);
}

async function load(base: string, target: Target, seconds: number): Promise<LoadFigures> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const i = next++;
          return { ...request, path: target.path(i), headers: { ...request.headers, 'x-forwarded-for': visitor(i) } };
        },
      },
    ],
  });
  return {
    rps: result.requests.p50,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

/** Median over `runs` of sequential PDF downloads (proved with a VIN and a driver's name: the whole report), ms each. */
async function pdfMillis(base: string, db: Db, runs: number): Promise<number> {
  const { rows } = await db.query<{ id: string; vin: string; last_name: string }>(
    `SELECT r.id, v->>'vin' AS vin, v->'driver'->>'lastName' AS last_name
     FROM reports r CROSS JOIN LATERAL json_array_elements(r.vehicles) AS v
     WHERE v->>'vin' = ANY (r.vins) AND v->'driver'->>'lastName' IS NOT NULL LIMIT 20`,
  );
  // The proof's cookie of each report, asked for once, untimed (as a visitor proves once and downloads), each report's
  // visitor its own.
  const cookies = new Map<string, string>();
  const from = (id: string) => ({ 'x-forwarded-for': `10.1.0.${rows.findIndex((r) => r.id === id)}` });
  for (const { id, vin, last_name: lastName } of rows) {
    const res = await fetch(`${base}/api/reports/${id}/proof`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from(id) },
      body: JSON.stringify({ vin, lastName }),
    });
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.includes(`Path=/pdf/${id}`))
      ?.split(';')[0];
    if (!cookie) throw new Error(`no proof for ${id}: ${res.status}`);
    cookies.set(id, cookie);
  }
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const { id } of rows) {
      const started = performance.now();
      const res = await fetch(`${base}/pdf/${id}?lang=${run % 2 ? 'es' : 'en'}`, { headers: { cookie: cookies.get(id)!, ...from(id) } });
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok || body.subarray(0, 4).toString() !== '%PDF') throw new Error(`/pdf/${id} answered ${res.status}`);
      times.push(performance.now() - started);
    }
  }
  return median(times);
}

/** The figures at one size of the table. */
interface Stage {
  total: number;
  importRate: number;
  /** pgbench's single-row inserts (tx/s), a run after each import run and a checkpoint, if pgbench is there. */
  pgbench?: number;
  /** The median of each import run's rate ÷ the pgbench run after it (NaN without pgbench). */
  importRatio: number;
  density: string;
  /** Each target's load at the database, in targets' order (the key read last). */
  sql: LoadFigures[];
  /** Each target's p99 ÷ the key read's in the same round, the median of the rounds. */
  searchRatios: number[];
}

interface Measured {
  targets: Target[];
  stages: Stage[];
  /** Through the API, at the last size. */
  api: LoadFigures[];
  pdf: number;
}

/**
 * Fills db to each of `sizes` in turn (runs imports each), loading each search on the database at each size (through
 * loadDb: a pool of CONNECTIONS, or db itself); then serves it and loads each search through the API.
 */
async function measure(
  name: string,
  db: Db,
  loadDb: Db,
  serverEnv: Record<string, string>,
  opts: { staticDir: string; runs: number; sizes: number[]; seconds: number; closeFirst: boolean; pgbenchUrl?: string },
): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'claimflow-bench-reports-'));
  try {
    await migrate(db);
    const stages: Stage[] = [];
    let searches: Target[] = [];
    for (const size of opts.sizes) {
      const perRun = Math.round((size - (stages.at(-1)?.total ?? 0)) / opts.runs);
      console.log(`  ${name}: importing ${opts.runs} × ${perRun} reports`);
      const pgbenchUrl = pgbenchPath() ? opts.pgbenchUrl : undefined;
      const imported = await importRuns(db, dir, stages.length, { runs: opts.runs, perRun, seconds: opts.seconds, ...(pgbenchUrl && { pgbenchUrl }) });
      // As autovacuum would after a while: a search right after a bulk load otherwise runs on plans made without statistics
      // (report_ids unanalysed: a VIN search read it whole, 17 times a key read, where autovacuum was off). VACUUM runs
      // outside a transaction: a session's script (PGlite runs every query() in one).
      await db.connect((session) => session.exec('VACUUM ANALYZE reports, report_ids'));
      const found = await targets(db);
      searches = found.targets;
      await warm(loadDb, searches);
      // Rounds of every target in turn, the key read last, so that each ratio is of loads a few seconds apart.
      console.log(`  ${name}, ${imported.total} reports: the searches on the database, ${opts.runs} rounds`);
      const rounds = await medianOf(opts.runs, async () => {
        const round: Record<string, number> = {};
        const figures = [];
        for (const target of searches) figures.push(await dbLoad(CONNECTIONS, opts.seconds, (i) => target.call(loadDb, i)));
        for (const [i, f] of figures.entries()) {
          for (const [k, v] of Object.entries(f)) round[`${i} ${k}`] = v;
          round[`${i} ratio`] = f.p99 / figures.at(-1)!.p99;
        }
        console.log(`    ${figures.map((f) => `${fixed(f.rps, 0)}/s p99 ${fixed(f.p99)} ms`).join('; ')}`);
        return round;
      });
      const of = (i: number): LoadFigures => ({
        rps: rounds[`${i} rps`]!,
        p50: rounds[`${i} p50`]!,
        p99: rounds[`${i} p99`]!,
        errors: rounds[`${i} errors`]!,
        total: rounds[`${i} total`]!,
      });
      stages.push({
        total: imported.total,
        importRate: imported.rate,
        ...(imported.pgbench !== undefined && { pgbench: imported.pgbench }),
        importRatio: imported.ratio,
        density: found.density,
        sql: searches.map((_, i) => of(i)),
        searchRatios: searches.map((_, i) => rounds[`${i} ratio`]!),
      });
    }
    // PGlite's directory is the server's alone once it runs.
    if (opts.closeFirst) await db.close();
    // The request limits at their defaults, paid by many visitors as in use (VISITORS).
    const env = { ...serverEnv, DEMO_REPORTS: 'off', TRUST_PROXY: 'loopback' };
    const server = await startAppServer({ staticDir: opts.staticDir, env });
    try {
      const api: LoadFigures[] = [];
      for (const target of searches) {
        console.log(`  ${name}: ${target.name}, through the API`);
        // Untimed first, as at the database: the server's connections and plans are made by the first requests.
        await load(server.url, target, 2);
        api.push(await medianOf(opts.runs, () => load(server.url, target, opts.seconds)));
      }
      const pdfDb = opts.closeFirst ? undefined : db;
      const pdf = pdfDb ? await pdfMillis(server.url, pdfDb, opts.runs) : Number.NaN;
      return { targets: searches, stages, api, pdf };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type ReportDb = 'postgres' | 'pglite';

export async function reportSections(options: { staticDir: string; quick: boolean; runs: number; dbs?: ReportDb[] }): Promise<Section[]> {
  const dbs = new Set(options.dbs ?? ['postgres', 'pglite']);
  const seconds = options.quick ? 2 : 5;
  const scale = options.quick ? 0.1 : 1;
  const notes = [
    `Import: \`importReports\` (the path of \`npm run reports:import\`) reading an NDJSON file of synthetic reports (\`npm run reports:seed\`'s generator, written beforehand) over the last ${DAYS} days (monthly partitions), ${options.runs} files one after another per size, so the table grows run by run; reports/s is the median of the runs. On PostgreSQL, after each import run a CHECKPOINT and a run of pgbench's single-row INSERTs at 10 connections into a table of the same database (${seconds} s); "÷ key" of the import is the median of the runs' import ÷ pgbench.`,
    `Searches at ${CONNECTIONS} connections, each a different VIN / case ID / report id of ${SAMPLES} sampled, or one of 200 points around the densest grid cell's middle; every search and read made once untimed before the first row; ${seconds} s per run after a 2 s warm-up, in ${options.runs} rounds of every row in turn (the key read last); each figure is the median of the rounds. At the database: the API's own functions (searchReports, readReport: the same SQL, prepared) called by ${CONNECTIONS} callers in closed loops through a pool of ${CONNECTIONS} connections (PGlite: its one connection), the budgets' rows, each p99 also as a multiple of the key read's of the same round ("÷ key", the median of the rounds). Through the API (at the last size): autocannon, ${CONNECTIONS} connections, 2 s untimed first, GET /api/reports/search and /api/reports/:id (HTTP, validation, the request limits at their defaults, JSON) from ${VISITORS.toLocaleString('en-US')} visitors' addresses in turn (X-Forwarded-For), on the same 2 cores; errors = connection errors + timeouts + non-2xx.`,
    'PDF: GET /pdf/:id with the proof cookie (the whole report), 20 reports one after another per run, English and Spanish in turn; the median of every download (database read, layout, HTTP).',
  ];
  const sections: Section[] = [];
  const add = (m: Measured, db: string, budgets: boolean, server?: string) => {
    for (const [s, stage] of m.stages.entries()) {
      const last = s === m.stages.length - 1;
      const blank = (n: number) => Array<string>(n).fill('');
      sections.push({
        title: `Reports on ${db}, ${stage.total.toLocaleString('en-US')} reports`,
        notes: [
          stage.density,
          ...(s === 0 ? [...notes, ...(server ? [server] : [])] : ['Measured as the table above says, after importing the reports in between.']),
        ],
        headers: ['what', 'per s', 'p50 (ms)', 'p99 (ms)', '÷ key', 'errors', 'API req/s', 'API p50 (ms)', 'API p99 (ms)', 'API errors'],
        rows: [
          [
            'import with COPY (reports/s)',
            fixed(stage.importRate, 0),
            '',
            '',
            budgets ? againstBudget(stage.importRatio, IMPORT_RATIO, 'min', 2) : '',
            ...blank(5),
          ],
          ...(stage.pgbench === undefined ? [] : [['pgbench single-row INSERT, 10 connections (tx/s)', fixed(stage.pgbench, 0), ...blank(8)]]),
          ...m.targets.map((target, i) => {
            const sql = stage.sql[i]!;
            const api = last ? m.api[i] : undefined;
            return [
              target.name,
              fixed(sql.rps, 0),
              fixed(sql.p50),
              fixed(sql.p99),
              budgets && target.ratio ? againstBudget(stage.searchRatios[i]!, target.ratio, 'max', 2) : fixed(stage.searchRatios[i]!, 2),
              againstBudget(sql.errors, 0, 'max', 0),
              ...(api ? [fixed(api.rps, 0), fixed(api.p50), fixed(api.p99), againstBudget(api.errors, 0, 'max', 0)] : blank(4)),
            ];
          }),
          ...(last && Number.isFinite(m.pdf) ? [['PDF download (median ms)', '', againstBudget(m.pdf, 100, 'max'), ...blank(7)]] : []),
        ],
      });
    }
    if (!budgets || m.stages.length < 2) return;
    const sizes = m.stages.map((stage) => stage.total.toLocaleString('en-US'));
    const row = (name: string, ratio: (stage: Stage) => number) => {
      const all = m.stages.map(ratio);
      return [name, ...all.map((r) => fixed(r, 2)), ...all.slice(1).map((r, i) => againstBudget(r / all[i]!, GROWTH, 'max', 2))];
    };
    sections.push({
      title: `Reports on ${db}: the ratios as the table grows`,
      notes: [
        `Each budget's ratio at ${sizes.join(' and ')} reports (the tables above), and how much it grew from one size to the next (at most ${GROWTH}×): the searches' p99 to the key read's, the import's rate to pgbench's (its inverse for the growth: a falling rate is what grows).`,
      ],
      headers: ['ratio', ...sizes, ...sizes.slice(1).map((size) => `growth to ${size}`)],
      rows: [
        row('import ÷ pgbench, inverted', (stage) => 1 / stage.importRatio),
        ...m.targets.flatMap((target, i) => (target.ratio ? [row(`${target.name} ÷ key read`, (stage) => stage.searchRatios[i]!)] : [])),
      ],
    });
  };

  if (dbs.has('postgres')) {
    const database = await freshDatabase();
    if (!database) sections.push({ title: 'Reports on PostgreSQL: skipped', notes: [`no server answered at ${PG_ADMIN_URL}`], headers: ['—'], rows: [] });
    else {
      const db = openPgDb(database.url, { max: 4 });
      const pool = openPgDb(database.url, { max: CONNECTIONS });
      try {
        const version = await serverVersion(database.url);
        const settings = await serverSettings(database.url);
        const sizes = [1_000_000, 5_000_000].map((n) => n * scale);
        const m = await measure(
          'PostgreSQL',
          db,
          pool,
          { DATABASE_URL: database.url },
          { staticDir: options.staticDir, runs: options.runs, sizes, seconds, closeFirst: false, pgbenchUrl: database.url },
        );
        add(m, `PostgreSQL ${version}`, true, `The server (${new URL(database.url).host}): ${settings}.`);
      } finally {
        await pool.close();
        await db.close();
        await database.drop();
      }
    }
  }

  if (dbs.has('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'claimflow-bench-pglite-'));
    try {
      const db = await openPgliteDb(dataDir);
      const m = await measure(
        'PGlite',
        db,
        db,
        { DATA_DIR: dataDir },
        { staticDir: options.staticDir, runs: options.runs, sizes: [100_000 * scale], seconds, closeFirst: true },
      );
      add(m, 'PGlite', false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return sections;
}

// Alone: `npx tsx bench/reports.ts` (BENCH_RUNS, default 5; BENCH_QUICK=1: a tenth of the reports and 2 s runs;
// BENCH_REPORTS_DBS=postgres or pglite for one of them), printing its tables and writing them; the API's routes need no web app built.
if (import.meta.filename === process.argv[1]) {
  const loadAtStart = loadavg()[0]!;
  const dbs = process.env.BENCH_REPORTS_DBS?.split(',') as ReportDb[] | undefined;
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
  const sections = await reportSections({ staticDir: '/nonexistent-claimflow-dist', quick: process.env.BENCH_QUICK === '1', runs, ...(dbs && { dbs }) });
  for (const section of sections) section.notes.push(`Load average (1 min) at the start: ${loadAtStart.toFixed(1)}.`);
  printSections(sections);
  await writeSections(sections, { command: 'npx tsx bench/reports.ts' });
}
