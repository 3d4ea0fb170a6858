// The lead API under load (autocannon): lead creation with its consent record, on PGlite and on PostgreSQL, beside
// an empty POST route of the same server and pgbench's single-row inserts on the same PostgreSQL.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startAppServer, type AppServer } from '../tests/testing/app-server.ts';
import { calcLeadBody } from '../tests/testing/server.ts';
import { EMPTY_ROUTE } from './empty-route.ts';
import type { LoadFigures } from './load-figures.ts';
import { pgbenchInserts, pgbenchPath } from './pgbench.ts';
import { freshDatabase, PG_ADMIN_URL, serverVersion } from './postgres.ts';
import { againstBudget, fixed, type Section } from './results.ts';

/** The configured test phone: the server verifies it at once (spec §5), so load needs no SMS codes. */
export const TEST_PHONE = '+12025550197';
const NATIONAL = TEST_PHONE.slice(2);
const CONNECTIONS = [10, 50] as const;
/** server/main.ts's server with the empty POST route added. */
const SERVER_ENTRY = 'bench/empty-route-server.ts';

/** The verification cookie the server hands the test phone. */
async function verificationCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user/mfa-sms-send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ country_code: '+1', phone: NATIONAL }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`mfa-sms-send answered ${res.status} without a cookie: ${await res.text()}`);
  return cookie;
}

interface Target {
  name: string;
  path: string;
  body: unknown;
  /** Each request its own Idempotency-Key. */
  idempotent: boolean;
}

const TARGETS: Target[] = [
  { name: 'lead creation (POST /api/leads/create/calc)', path: '/api/leads/create/calc?calc_id=bench', body: calcLeadBody(NATIONAL), idempotent: true },
  { name: `empty POST (${EMPTY_ROUTE}: no database)`, path: EMPTY_ROUTE, body: { firstName: 'Jane' }, idempotent: false },
];

async function load(base: string, cookie: string, target: Target, connections: number, seconds: number): Promise<LoadFigures> {
  const headers = { 'content-type': 'application/json', cookie };
  const body = JSON.stringify(target.body);
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers,
        body,
        setupRequest: (request) => (target.idempotent ? { ...request, headers: { ...headers, 'idempotency-key': `bench-${randomUUID()}` } } : request),
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

interface Row {
  what: string;
  db: string;
  connections: number;
  figures: LoadFigures;
}

async function measureServer(db: string, server: AppServer, seconds: number, rows: Row[]) {
  const cookie = await verificationCookie(server.url);
  for (const target of TARGETS) {
    for (const connections of CONNECTIONS) {
      console.log(`  ${db}: ${target.name}, ${connections} connections`);
      rows.push({ what: target.name, db, connections, figures: await load(server.url, cookie, target, connections, seconds) });
    }
  }
}

export async function apiLoadSections(options: { staticDir: string; quick: boolean; runs: number }): Promise<Section[]> {
  const seconds = options.quick ? 3 : 20;
  const env = { TEST_PHONE, RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_STATIC_PER_MINUTE: '1000000' };
  const rows: Row[] = [];
  const notes: string[] = [
    `autocannon ${seconds} s per row, in the benchmark's process on the same machine as the server (one Node process). req/s is the median of the per-second counts; p50/p99 over every request; errors = connection errors + timeouts + non-2xx.`,
    'Each lead request carries a fresh Idempotency-Key and the verification cookie of the configured TEST_PHONE; every lead stores its consent record and its key’s answer in the same statement (one round trip).',
  ];

  const pglite = await startAppServer({ staticDir: options.staticDir, env, entry: SERVER_ENTRY });
  try {
    await measureServer('PGlite', pglite, seconds, rows);
  } finally {
    await pglite.stop();
  }

  const database = await freshDatabase();
  if (!database) notes.push(`PostgreSQL skipped: no server answered at ${PG_ADMIN_URL} (set BENCH_PG_ADMIN_URL).`);
  else {
    try {
      notes.push(`PostgreSQL ${await serverVersion(database.url)} at ${new URL(database.url).host}, a fresh database; the server's pg pool as configured (server/db/pg-db.ts).`);
      const server = await startAppServer({ staticDir: options.staticDir, env: { ...env, DATABASE_URL: database.url }, entry: SERVER_ENTRY });
      try {
        await measureServer('PostgreSQL', server, seconds, rows);
      } finally {
        await server.stop();
      }
      if (pgbenchPath()) {
        notes.push("pgbench: `-n -c N -j min(N, cores) -T s -f insert.sql` (simple protocol), one `INSERT INTO bench_insert (payload) VALUES ('…')` per transaction; latencies from its per-transaction log.");
        for (const connections of CONNECTIONS) {
          console.log(`  pgbench, ${connections} connections`);
          rows.push({ what: 'pgbench single-row INSERT', db: 'PostgreSQL', connections, figures: await pgbenchInserts(database.url, connections, seconds) });
        }
      } else notes.push('pgbench skipped: not installed.');
    } finally {
      await database.drop();
    }
  }

  return [loadSection(rows, notes), ratioSection(rows)];
}

function loadSection(rows: Row[], notes: string[]): Section {
  const isLead = (r: Row) => r.what.startsWith('lead');
  return {
    title: 'API under load',
    notes,
    headers: ['what', 'database', 'connections', 'req/s', 'p50 (ms)', 'p99 (ms)', 'errors', 'requests'],
    rows: rows.map((r) => [
      r.what,
      r.db,
      String(r.connections),
      isLead(r) && r.db === 'PGlite' ? againstBudget(r.figures.rps, 1000, 'min', 0) : fixed(r.figures.rps, 0),
      fixed(r.figures.p50),
      isLead(r) && r.db === 'PostgreSQL' && r.connections === 50 ? againstBudget(r.figures.p99, 50, 'max') : fixed(r.figures.p99),
      isLead(r) ? againstBudget(r.figures.errors, 0, 'max', 0) : String(r.figures.errors),
      String(r.figures.total),
    ]),
  };
}

function ratioSection(rows: Row[]): Section {
  const find = (prefix: string, db: string, connections: number) =>
    rows.find((r) => r.what.startsWith(prefix) && r.db === db && r.connections === connections)?.figures.rps ?? Number.NaN;
  const out: string[][] = [];
  for (const connections of CONNECTIONS) {
    for (const db of ['PGlite', 'PostgreSQL']) {
      const lead = find('lead', db, connections);
      out.push([`lead creation / empty POST, ${db}`, String(connections), fixed((100 * lead) / find('empty', db, connections), 0) + ' %']);
    }
    const ratio = (100 * find('lead', 'PostgreSQL', connections)) / find('pgbench', 'PostgreSQL', connections);
    out.push(['lead creation on PostgreSQL / pgbench single-row INSERT', String(connections), Number.isFinite(ratio) ? `${againstBudget(ratio, 30, 'min', 0)} %` : 'n/a']);
  }
  return { title: 'API ratios (requests/s)', notes: [], headers: ['ratio', 'connections', 'value'], rows: out };
}
