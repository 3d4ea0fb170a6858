// Alert latency (issue 18): 1,000 open alerts, then 10,000 reports POSTed to the real server's /api/reports in batches
// of 1,000; every awaited report must bring its alert's one text to the SMS provider (a fake Twilio in this process),
// and nobody else gets one. p99 from a report's ingestion to its text reaching the provider, on PostgreSQL and PGlite.
// Part of `npm run bench` (BENCH_PARTS=alerts), or alone: `npx tsx bench/alerts.ts` (BENCH_ALERTS_DB=postgres|pglite
// for one database), which writes its table into bench/RESULTS.md in place of its earlier one.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPgDb } from '../server/db/pg-db.ts';
import { openPgliteDb } from '../server/db/pglite-db.ts';
import { testLead } from '../tests/testing/alert-delivery.ts';
import { awaitedReportIds, ingestTimes, latencyFigures, latencyScenario, linkStart, type Scenario } from '../tests/testing/alert-latency.ts';
import { startAppServer } from '../tests/testing/app-server.ts';
import { fakeTwilioEnv, startFakeTwilio, type FakeTwilio } from '../tests/testing/fake-twilio.ts';
import { median } from './median.ts';
import { freshDatabase, PG_ADMIN_URL, serverVersion } from './postgres.ts';
import { againstBudget, fixed, printSections, type Section, writeSections } from './results.ts';

const KEY = 'bench-alerts-feed-key-0123456789abcdef';
const PUBLIC_URL = 'https://claims.example.com';
const BUDGET_P99_MS = 5_000;

interface Run {
  texts: number;
  wrong: number;
  p50: number;
  p99: number;
  max: number;
  postedP99: number;
}

/** One run on a fresh database: db is open and migrated; closeFirst for PGlite, whose directory the server takes. */
async function run(db: Db, serverEnv: Record<string, string>, fake: FakeTwilio, reopen: () => Promise<Db>, closeFirst: boolean): Promise<Run> {
  const scenario: Scenario = await latencyScenario(db, await testLead(db));
  if (closeFirst) await db.close();
  fake.messages.length = 0;
  const server = await startAppServer({
    staticDir: '/nonexistent-claimflow-dist',
    env: { ...serverEnv, ...fakeTwilioEnv(fake), PUBLIC_URL, REPORT_INGEST_KEYS: KEY, RATE_LIMIT_API_PER_MINUTE: '1000000' },
  });
  const posted = new Map<string, number>();
  try {
    for (const batch of scenario.batches) {
      const at = Date.now();
      for (const report of batch) posted.set(`${String(report.source)} ${String(report.crashId)}`, at);
      const res = await fetch(`${server.url}/api/reports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(batch),
      });
      const answer = (await res.json()) as { accepted?: number };
      if (answer.accepted !== batch.length) throw new Error(`POST /api/reports: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
    const end = Date.now() + 60_000;
    while (fake.messages.length < scenario.alerts.length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    // A text too many would come within moments.
    await new Promise((r) => setTimeout(r, 1_000));
  } finally {
    await server.stop();
  }
  const after = closeFirst ? await reopen() : db;
  try {
    const ids = await awaitedReportIds(after, scenario);
    const ingested = await ingestTimes(after);
    const byPhone = new Map(scenario.alerts.map((a) => [a.phone, a]));
    const linkFor = (phone: string) => {
      const alert = byPhone.get(phone);
      return alert && linkStart(PUBLIC_URL, ids.get(alert.crash), alert);
    };
    const right = fake.messages.filter((m) => m.body.includes(linkFor(m.to) ?? '\0'));
    const first = [...new Map(right.reverse().map((m) => [m.to, m])).values()];
    const figures = latencyFigures(first.map((m) => ({ at: m.at, ingested: ingested.get(m.to)!, posted: posted.get(byPhone.get(m.to)!.crash)! })));
    // Texts to anyone else, with a wrong link, or a second one.
    return { texts: first.length, wrong: fake.messages.length - first.length, ...figures.ingested, postedP99: figures.posted.p99 };
  } finally {
    if (closeFirst) await after.close();
  }
}

async function measure(
  name: string,
  runs: number,
  fresh: () => Promise<{ db: Db; env: Record<string, string>; reopen: () => Promise<Db>; closeFirst: boolean; drop: () => Promise<void> }>,
  fake: FakeTwilio,
) {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const target = await fresh();
    try {
      await migrate(target.db);
      console.log(`  ${name}: run ${i + 1} of ${runs}`);
      results.push(await run(target.db, target.env, fake, target.reopen, target.closeFirst));
    } finally {
      await target.drop();
    }
  }
  const of = (k: keyof Run) => median(results.map((r) => r[k]));
  return {
    texts: Math.min(...results.map((r) => r.texts)),
    wrong: Math.max(...results.map((r) => r.wrong)),
    p50: of('p50'),
    p99: of('p99'),
    max: of('max'),
    postedP99: of('postedP99'),
  };
}

export async function alertSections(options: { runs: number; dbs?: readonly ('postgres' | 'pglite')[] }): Promise<Section> {
  const dbs = options.dbs ?? ['postgres', 'pglite'];
  const fake = await startFakeTwilio();
  const rows: string[][] = [];
  const notes = [
    "1,000 open alerts (500 by VIN, 250 by case ID and state, 250 by a pin with its day, make and year, each on its own phone), stored as the lead API stores them; then 10,000 reports POSTed to the real server (`node --import tsx server/main.ts`) in batches of 1,000, one after another, among which each alert's report appears once (shuffled); no other report matches any alert.",
    'The server sends through its Twilio provider to a fake Twilio in the benchmark\'s process, which notes when each text arrives: "handed to the provider". Ingested: the start of the transaction that stored and matched the report (its alert_texts row\'s created_at). "p99 from the POST" adds checking the batch\'s 1,000 reports before that transaction.',
    `texts: alerts that got exactly their text; wrong: texts to anyone else, a second text, or a wrong link. Median of ${options.runs} run(s), each on a fresh database.`,
    `Load average (1 min) at the start: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`,
  ];
  try {
    if (dbs.includes('postgres')) {
      const version = await serverVersion(PG_ADMIN_URL).catch(() => undefined);
      if (version === undefined) notes.push(`PostgreSQL skipped: no server answered at ${PG_ADMIN_URL}.`);
      else {
        const m = await measure(
          'PostgreSQL',
          options.runs,
          async () => {
            const database = await freshDatabase();
            if (!database) throw new Error(`no PostgreSQL at ${PG_ADMIN_URL}`);
            const db = openPgDb(database.url, { max: 4 });
            const drop = async () => {
              await db.close();
              await database.drop();
            };
            return { db, env: { DATABASE_URL: database.url }, reopen: () => Promise.resolve(db), closeFirst: false, drop };
          },
          fake,
        );
        rows.push(row(`PostgreSQL ${version}`, m));
      }
    }
    if (dbs.includes('pglite')) {
      const m = await measure(
        'PGlite',
        options.runs,
        async () => {
          const dir = mkdtempSync(join(tmpdir(), 'claimflow-bench-alerts-'));
          return {
            db: await openPgliteDb(dir),
            env: { DATA_DIR: dir },
            reopen: () => openPgliteDb(dir),
            closeFirst: true,
            drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
          };
        },
        fake,
      );
      rows.push(row('PGlite', m));
    }
  } finally {
    await fake.close();
  }
  notes.push(`Load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}.`);
  return {
    title: 'Alert latency: ingested report → its text handed to the SMS provider',
    notes,
    headers: ['database', 'alerts texted (of 1000)', 'wrong', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'p99 from the POST (ms)'],
    rows,
  };
}

function row(db: string, m: Awaited<ReturnType<typeof measure>>): string[] {
  return [
    db,
    againstBudget(m.texts, 1000, 'min', 0),
    againstBudget(m.wrong, 0, 'max', 0),
    fixed(m.p50, 0),
    againstBudget(m.p99, BUDGET_P99_MS, 'max', 0),
    fixed(m.max, 0),
    fixed(m.postedP99, 0),
  ];
}

if (import.meta.filename === process.argv[1]) {
  const only = process.env.BENCH_ALERTS_DB;
  const dbs = only === 'postgres' || only === 'pglite' ? ([only] as const) : (['postgres', 'pglite'] as const);
  const section = await alertSections({ runs: Math.max(1, Number(process.env.BENCH_RUNS ?? 1)), dbs });
  printSections([section]);
  await writeSections([section], { command: 'npx tsx bench/alerts.ts' });
}
