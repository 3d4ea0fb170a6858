// The lead API under load (autocannon): lead creation with its consent record, on PGlite and on PostgreSQL, beside an
// empty POST route of the same server, against the budgets of issue 22. BENCH_API_BASELINE names another checkout (a git
// worktree of an older commit, node_modules linked) whose server is measured too, turn about with this one's.
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startAppServer, type AppServer } from '../tests/testing/app-server.ts';
import { calcLeadBody } from '../tests/testing/lead-bodies.ts';
import { EMPTY_ROUTE } from './empty-route.ts';
import type { LoadFigures } from './load-figures.ts';
import { median } from './median.ts';
import { cpuPerRequest, cpuSeconds } from './cpu-time.ts';
import { freshDatabase, PG_ADMIN_URL, serverVersion, type FreshDatabase } from './postgres.ts';
import { againstBudget, fixed, type Section } from './results.ts';

/** The configured test phone: the server verifies it at once (spec §5), so load needs no SMS codes. */
export const TEST_PHONE = '+12025550197';
const NATIONAL = TEST_PHONE.slice(2);
const CONNECTIONS = [10, 50] as const;
/** server/main.ts's server with the empty POST route added. */
const SERVER_ENTRY = 'bench/empty-route-server.ts';
/** Lead creation's budgets (issue 22): leads/s on each database, at either number of connections; p99 at 50 on PostgreSQL. */
const MIN_LEADS_PER_S: Record<string, number> = { PGlite: 500, PostgreSQL: 1000 };
const MAX_P99_MS_AT_50 = 50;
/**
 * Verification cookies of the test phone, count of them: a verification makes one lead per funnel, so each lead
 * request carries a cookie of its own. Made before a load run (the server verifies the test phone at once).
 */
export async function verificationCookies(base: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  await autocannon({
    url: `${base}/api/user/mfa-sms-send`,
    connections: 10,
    amount: count,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ country_code: '+1', phone: NATIONAL }),
        onResponse: (_status, _body, _context, headers) => {
          const cookie = [headers['set-cookie'] ?? []].flat()[0]?.split(';')[0];
          if (cookie) cookies.push(cookie);
        },
      },
    ],
  });
  if (cookies.length < count) throw new Error(`mfa-sms-send gave ${cookies.length} verification cookies of ${count}`);
  return cookies;
}

/** More lead requests a second than any server here answers: how many cookies a load run is given. */
const MAX_LEADS_PER_S = 1_500;

interface Target {
  name: string;
  path: string;
  body: unknown;
  /** A lead: each request its own Idempotency-Key and its own verification (one lead per funnel and verification). */
  lead: boolean;
}

const LEAD: Target = {
  name: 'lead creation (POST /api/leads/create/calc)',
  path: '/api/leads/create/calc?calc_id=bench',
  body: calcLeadBody(NATIONAL),
  lead: true,
};
const EMPTY: Target = { name: `empty POST (${EMPTY_ROUTE}: no database)`, path: EMPTY_ROUTE, body: { firstName: 'Jane' }, lead: false };

/** A run's figures, and the CPU each part used per request: the server (its main thread), PostgreSQL, the load generator (ms). */
interface RunFigures extends LoadFigures {
  cpuServer: number;
  cpuServerMain: number;
  cpuPostgres: number;
  cpuBench: number;
}

async function load(server: AppServer, target: Target, connections: number, seconds: number): Promise<RunFigures> {
  const base = server.url;
  const headers = { 'content-type': 'application/json' };
  // Should they run out, a request without one answers 403 and counts as an error.
  const cookies = target.lead ? await verificationCookies(base, MAX_LEADS_PER_S * seconds) : [];
  const before = cpuSeconds(server.pid);
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers,
        body: JSON.stringify(target.body),
        setupRequest: (request) =>
          target.lead ? { ...request, headers: { ...headers, cookie: cookies.pop() ?? '', 'idempotency-key': `bench-${randomUUID()}` } } : request,
      },
    ],
  });
  const cpu = cpuPerRequest(before, cpuSeconds(server.pid), result.requests.total);
  return {
    rps: result.requests.p50,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    cpuServer: cpu.server,
    cpuServerMain: cpu.serverMain,
    cpuPostgres: cpu.postgres,
    cpuBench: cpu.bench,
  };
}

interface Row {
  target: Target;
  /** Which server: this tree's, or the baseline's. */
  build: string;
  db: string;
  connections: number;
  figures: RunFigures;
}

interface Running {
  build: string;
  server: AppServer;
}

/** The median of each figure. */
const medianFigures = (samples: RunFigures[]) =>
  Object.fromEntries(Object.keys(samples[0]!).map((key) => [key, median(samples.map((s) => s[key]!))])) as RunFigures;

/** Each target at each number of connections on every server, the servers' runs taken turn about (so a load that comes and goes hits them alike). */
async function measure(db: string, servers: Running[], seconds: number, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  // The baseline's empty route costs what this tree's does: measured on this tree's only.
  const targets = [
    { target: LEAD, on: servers },
    { target: EMPTY, on: servers.slice(0, 1) },
  ];
  for (const { target, on } of targets) {
    for (const connections of CONNECTIONS) {
      const samples = on.map((): RunFigures[] => []);
      for (let run = 0; run < runs; run++) {
        for (const [i, s] of on.entries()) {
          console.log(`  ${db}, ${s.build}: ${target.name}, ${connections} connections, run ${run + 1}`);
          samples[i]!.push(await load(s.server, target, connections, seconds));
        }
      }
      for (const [i, s] of on.entries()) rows.push({ target, build: s.build, db, connections, figures: medianFigures(samples[i]!) });
    }
  }
  return rows;
}

/** Starts this tree's server (and the baseline's) on a fresh database of each (PostgreSQL when databases is given), measures them, stops them. */
async function measureDb(
  db: string,
  staticDir: string,
  env: Record<string, string>,
  seconds: number,
  runs: number,
  databases?: FreshDatabase[],
): Promise<Row[]> {
  const builds = [{ build: 'this tree', entry: SERVER_ENTRY }, ...(BASELINE ? [{ build: `baseline (${BASELINE})`, entry: join(BASELINE, SERVER_ENTRY) }] : [])];
  const started: AppServer[] = [];
  try {
    const servers: Running[] = [];
    for (const [i, b] of builds.entries()) {
      const database = databases?.[i];
      const server = await startAppServer({ staticDir, env: { ...env, ...(database && { DATABASE_URL: database.url }) }, entry: b.entry });
      started.push(server);
      servers.push({ build: b.build, server });
    }
    return await measure(db, servers, seconds, runs);
  } finally {
    for (const server of started) await server.stop();
  }
}

const BASELINE = process.env.BENCH_API_BASELINE;

export async function apiLoadSections(options: { staticDir: string; quick: boolean; runs: number }): Promise<Section[]> {
  const seconds = options.quick ? 3 : 20;
  const env = { TEST_PHONE, RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_STATIC_PER_MINUTE: '1000000' };
  const notes: string[] = [
    `autocannon ${seconds} s per run, in the benchmark's process on the same machine as the server (one Node process); each figure the median of ${options.runs} runs. req/s is the median of the per-second counts; p50/p99 over every request; errors = connection errors + timeouts + non-2xx.`,
    `CPU ms/request: the CPU time (user and system, from /proc) the server's process (of which its main thread), every PostgreSQL process and the benchmark's process (autocannon) used during the run, over its requests. Ceiling: the most requests a second those costs allow on this machine's ${availableParallelism()} cores (their sum shared by the cores, the server's main thread on one), were nothing else running: with PGlite the database is the server's main thread.`,
    'Each lead request carries a fresh Idempotency-Key and a verification cookie of its own (the configured TEST_PHONE, verified before the run: a verification makes one lead per funnel); every lead stores its consent record, the lead and its answer in one transaction.',
    ...(BASELINE ? [`The baseline (${BASELINE}) is another checkout's server, measured turn about with this tree's on a database of its own.`] : []),
  ];
  const rows = await measureDb('PGlite', options.staticDir, env, seconds, options.runs);

  const databases: FreshDatabase[] = [];
  try {
    for (let i = 0; i < (BASELINE ? 2 : 1); i++) {
      const database = await freshDatabase();
      if (database) databases.push(database);
    }
    if (databases.length === 0) notes.push(`PostgreSQL skipped: no server answered at ${PG_ADMIN_URL} (set BENCH_PG_ADMIN_URL).`);
    else {
      notes.push(
        `PostgreSQL ${await serverVersion(databases[0]!.url)} at ${new URL(databases[0]!.url).host}, a fresh database; the server's pg pool as configured (server/db/pg-db.ts).`,
      );
      rows.push(...(await measureDb('PostgreSQL', options.staticDir, env, seconds, options.runs, databases)));
    }
  } finally {
    for (const database of databases) await database.drop();
  }
  return [loadSection(rows, notes), ratioSection(rows)];
}

function loadSection(rows: Row[], notes: string[]): Section {
  return {
    title: 'API under load',
    notes,
    headers: [
      'what',
      'server',
      'database',
      'connections',
      'req/s',
      'p50 (ms)',
      'p99 (ms)',
      'errors',
      'requests',
      'CPU ms/request: server (main thread)',
      'PostgreSQL',
      'load generator',
      'ceiling (req/s)',
    ],
    rows: rows.map(({ target, build, db, connections, figures: f }) => {
      const lead = target === LEAD;
      return [
        target.name,
        build,
        db,
        String(connections),
        lead ? againstBudget(f.rps, MIN_LEADS_PER_S[db]!, 'min', 0) : fixed(f.rps, 0),
        fixed(f.p50),
        lead && db === 'PostgreSQL' && connections === 50 ? againstBudget(f.p99, MAX_P99_MS_AT_50, 'max') : fixed(f.p99),
        lead ? againstBudget(f.errors, 0, 'max', 0) : String(f.errors),
        String(f.total),
        `${fixed(f.cpuServer, 2)} (${fixed(f.cpuServerMain, 2)})`,
        fixed(f.cpuPostgres, 2),
        fixed(f.cpuBench, 2),
        fixed(ceiling(f), 0),
      ];
    }),
  };
}

/**
 * The most requests a second this machine could answer at a run's CPU per request, were nothing else running: its
 * cores shared by the server, PostgreSQL and the load generator, and the server's main thread, one core, for its part.
 */
const ceiling = (f: RunFigures) => Math.min((availableParallelism() * 1000) / (f.cpuServer + f.cpuPostgres + f.cpuBench), 1000 / f.cpuServerMain);

/** Lead creation's requests/s as a share of the empty POST route's on the same server, database and connections. */
function ratioSection(rows: Row[]): Section {
  const empty = (db: string, connections: number) =>
    rows.find((r) => r.target === EMPTY && r.db === db && r.connections === connections)?.figures.rps ?? Number.NaN;
  return {
    title: 'Lead creation beside the empty POST route (requests/s)',
    notes: [],
    headers: ['server', 'database', 'connections', 'lead creation / empty POST'],
    rows: rows
      .filter((r) => r.target === LEAD)
      .map((r) => [r.build, r.db, String(r.connections), `${fixed((100 * r.figures.rps) / empty(r.db, r.connections), 0)} %`]),
  };
}
