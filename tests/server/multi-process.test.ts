// Several processes on one PostgreSQL, as a deployment runs them: two API servers started at the same moment on an empty
// database (the migrations run once: the second waits for the first's lock), and one `npm run worker`. Leads, alert
// subscriptions and police reports go to both APIs in turn; one API is killed (SIGKILL) while requests are under way,
// a load balancer's retry sends its failed requests to the other, and it is started again. In the end every lead is
// stored once, every alert texted once for its report, and every delivery to a sponsor made once. Processes that share
// a database need a PostgreSQL server (TEST_DATABASE_URL, always set in CI); without it this file is skipped.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { openPgDb } from '../../server/db/pg-db.ts';
import { testVin, textsOnce } from '../testing/alert-delivery.ts';
import { alertLeadBody } from '../testing/alerts.ts';
import { createLeadOverHttp, deliveryEnv, pairProblems, postVerified, PROCESS_PHONE, settledReceivers } from '../testing/delivery-process.ts';
import { startFakeSponsors, TEXAS_LAWYERS, type FakeSponsors } from '../testing/fake-sponsors.ts';
import { fakeTwilioEnv, startFakeTwilio, type FakeTwilio } from '../testing/fake-twilio.ts';
import { freshPostgres, type FreshPostgres } from '../testing/fresh-postgres.ts';
import { ingestReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { startServer, startWorker, type ServerProcess, type WorkerProcess } from '../testing/worker-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** Rounds of load; each sends LEADS_A_ROUND leads, ALERTS_A_ROUND subscriptions and the reports of the round before's. */
const ROUNDS = 10;
const LEADS_A_ROUND = 10;
const ALERTS_A_ROUND = 3;
/** The round during which the first API is killed, and the one before which it is back. */
const KILL_ROUND = 4;
const BACK_ROUND = 6;

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe.skipIf(!ADMIN_URL)('two APIs and a worker on one PostgreSQL', () => {
  let database: FreshPostgres;
  let db: Db;
  let sponsors: FakeSponsors;
  let twilio: FakeTwilio;
  let env: Record<string, string>;
  const apis: (ServerProcess | undefined)[] = [];
  /** Every API started, killed ones too: their logs explain a failed request. */
  const started: ServerProcess[] = [];
  let worker: WorkerProcess | undefined;
  const startApi = async () => {
    const api = await startServer(env);
    started.push(api);
    return api;
  };

  beforeAll(async () => {
    database = await freshPostgres(ADMIN_URL!, 'claimflow_processes');
    db = openPgDb(database.url, { max: 2 });
    sponsors = await startFakeSponsors([TEXAS_LAWYERS]);
    // Some answers fail or never come: deliveries are retried while processes die.
    sponsors.behaviour.set('texas-lawyers', { fail: 0.1, hang: 0.02 });
    twilio = await startFakeTwilio();
    env = {
      ...deliveryEnv(sponsors),
      ...fakeTwilioEnv(twilio),
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://claims.example.com',
      REPORT_INGEST_KEYS: TEST_INGEST_KEY,
      DEMO_REPORTS: 'off',
      // Two servers and a worker starting on two cores: not overload, which this file does not test.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_DB_WAITING: '100000',
    };
  }, STARTUP_MS);
  afterAll(async () => {
    await Promise.all([...apis, worker].flatMap((p) => (p ? [p.kill()] : [])));
    await Promise.all([sponsors?.close(), twilio?.close(), db?.close()]);
    await database?.drop();
  });

  it('migrate an empty database once when both APIs start at the same moment', { timeout: 4 * STARTUP_MS }, async () => {
    apis.push(...(await Promise.all([startApi(), startApi()])));
    const { rows } = await db.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY run_on, id');
    const files = readdirSync(MIGRATIONS_DIR).map((file) => file.replace(/\.[^.]+$/, ''));
    expect(rows.map((r) => r.name).sort()).toEqual(files.sort());
    worker = await startWorker(env);
  });

  it('store every lead once, text every alert once and deliver every lead once through a kill', { timeout: 300_000 }, async () => {
    const expectedPairs = new Set<string>();
    const alertVins: string[][] = [];
    let leads = 0;
    let turn = 0;
    let retried = 0;
    /** The next API in turn, of those running (other than one that just failed). */
    const next = (failed?: string) => {
      const running = apis.flatMap((api) => (api ? [`http://127.0.0.1:${api.port}`] : [])).filter((base) => base !== failed);
      return running[turn++ % running.length]!;
    };
    /** Any other failure, with what the APIs logged. */
    const withLogs = (error: unknown) => {
      const logs = started.map((api, i) => `API ${i} (port ${api.port}):\n${api.output().slice(-6000)}`);
      return new Error(`${String(error)}\n${logs.join('\n')}`, { cause: error });
    };
    /** A request sent to the next API; when that API dies under it, sent again to another (a load balancer's retry). */
    const send = async <T>(request: (base: string) => Promise<T>): Promise<T> => {
      const base = next();
      try {
        return await request(base);
      } catch (error) {
        if (!(error instanceof TypeError)) throw withLogs(error);
        retried++;
        return request(next(base)).catch((again: unknown) => {
          throw withLogs(again);
        });
      }
    };
    /** Reports of these VINs, one each, sent to an API (the same reports again to another, if that one dies). */
    const sendReports = (vins: string[]) => {
      const reports = vins.map((vin) => {
        const [unit] = sampleReport().units as Record<string, unknown>[];
        return sampleReport({ units: [{ ...unit, vin }] });
      });
      return send((base) => ingestReports(base, reports));
    };

    for (let round = 0; round < ROUNDS; round++) {
      if (round === BACK_ROUND) apis[0] = await startApi();
      const vins = Array.from({ length: ALERTS_A_ROUND }, () => testVin());
      alertVins.push(vins);
      const work = [
        ...Array.from({ length: LEADS_A_ROUND }, () => {
          const n = leads++;
          const state = ['TX', 'OK', 'CA'][n % 3]!;
          return send(async (base) => {
            const id = await createLeadOverHttp(base, `lead-${n}`, { state, leadTypes: { __CALawyer: 'AM' } }, sponsors);
            if (state !== 'CA') expectedPairs.add(`${id}:texas-lawyers`);
          });
        }),
        ...vins.map((vin) => send((base) => postVerified(base, `alert-${vin}`, alertLeadBody(PROCESS_PHONE.slice(2), { source: 'notify-me', vin })))),
        // The reports the alerts of the round before wait for: a text each.
        ...(round > 0 ? [sendReports(alertVins[round - 1]!)] : []),
      ];
      if (round === KILL_ROUND) {
        // Mid-load: requests to it are under way.
        await delay(50);
        const killed = apis[0]!;
        apis[0] = undefined;
        await killed.kill();
      }
      await Promise.all(work);
    }
    await sendReports(alertVins.at(-1)!);

    const alerts = await db.query<{ id: string }>('SELECT id FROM alerts');
    const waitForTexts = async () => {
      for (const end = Date.now() + 60_000; Date.now() < end; await delay(200)) {
        const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_texts WHERE sent_at IS NOT NULL');
        if (rows[0]!.n >= alerts.rows.length) return;
      }
    };
    await Promise.all([settledReceivers(sponsors, expectedPairs, 3_000, 120_000), waitForTexts()]);
    expect(await Promise.all([...apis, worker].map((p) => p!.stop())), 'each process stopped cleanly').toEqual([0, 0, 0]);
    apis.length = 0;
    worker = undefined;

    const stored = await db.query<{ leads: number; alerts: number; reports: number; delivered: number; other: number }>(
      `SELECT (SELECT count(*)::int FROM leads) AS leads, (SELECT count(*)::int FROM alerts) AS alerts,
        (SELECT count(*)::int FROM reports) AS reports,
        (SELECT count(*)::int FROM deliveries WHERE status = 'delivered') AS delivered,
        (SELECT count(*)::int FROM deliveries WHERE status <> 'delivered') AS other`,
    );
    const subscriptions = ROUNDS * ALERTS_A_ROUND;
    expect(stored.rows[0]).toEqual({ leads: leads + subscriptions, alerts: subscriptions, reports: subscriptions, delivered: expectedPairs.size, other: 0 });
    expect(sponsors.badSignatures).toEqual([]);
    expect(pairProblems(sponsors, expectedPairs)).toEqual({ twice: [], unexpected: [], missing: [] });
    expect(
      await textsOnce(
        db,
        twilio.messages,
        alerts.rows.map((a) => a.id),
      ),
    ).toEqual({ rows: subscriptions, lost: 0, twice: 0 });
    console.info(
      `two APIs and a worker, one API killed mid-load: ${leads} leads and ${subscriptions} alerts stored once, ` +
        `${expectedPairs.size} deliveries and ${subscriptions} texts each made once (${retried} requests sent again after the kill, ${sponsors.requests} webhook requests)`,
    );
  });
});
