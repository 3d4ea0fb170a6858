// Starts the server: configuration, database and migrations, then HTTP and the job queue's workers, and a clean stop
// on SIGINT/SIGTERM.
// server/main.ts runs it as it is; a benchmark adds a route to this same server (bench/empty-route-server.ts).
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, ownOrigin } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open-db.ts';
import { expandedFlows } from './flow-files.ts';
import { loadDelivery } from './delivery/delivery-setup.ts';
import { Jobs } from './jobs/jobs.ts';
import { Metrics } from './metrics/metrics.ts';
import { rekeyAtStart } from './store/rekey-phones.ts';
import { seedDemoReports } from './reports/demo-reports.ts';
import { keepFlowVersions } from './store/flow-versions.ts';
import { createSms } from './sms/create-sms.ts';

/** The longest the job queue's first sweeps count as start-up rather than load (load shedding's signals wait for them). */
const START_WORK_MS = 15_000;
/** A stop's limit, past which the process exits 1 whatever is left. */
const STOP_MS = 10_000;
/** How long a stop lets the requests under way finish before it closes their connections (the database then closes in time). */
const DRAIN_MS = 8_000;

export async function serve(extend: (app: FastifyInstance) => void = () => {}): Promise<void> {
  const config = loadConfig();
  if (config.nodeEnv === 'production' && !config.codeSecret) {
    process.stderr.write('claimflow: CODE_SECRET is not set; one-time codes are hashed with a built-in key\n');
  }
  if (config.nodeEnv === 'production' && config.smsProvider === 'console') {
    process.stderr.write('claimflow: SMS_PROVIDER=console in production: codes are printed, not sent\n');
  }
  if (config.nodeEnv === 'production' && !config.certificateSigningKey) {
    process.stderr.write('claimflow: CERTIFICATE_SIGNING_KEY is not set; consent certificates are signed with a key made in DATA_DIR\n');
  }
  if (config.nodeEnv === 'production' && config.hashKeys.length === 0) {
    process.stderr.write('claimflow: HASH_KEYS is not set; phones kept after an erasure are hashed with a key kept in the database itself\n');
  }
  const db = await openDb(config);
  await migrate(db, { log: (line) => process.stderr.write(`${line}\n`) });
  await rekeyAtStart(db, config.hashKeys, (line) => process.stderr.write(`claimflow: ${line}\n`));
  // The funnels this process serves, kept with every version served before: visits begun on one end on it.
  await keepFlowVersions(db, expandedFlows(config.flowsDir));
  if (config.demoReports) {
    const seeded = await seedDemoReports(db);
    if (seeded > 0) process.stderr.write(`claimflow: ${seeded} demo reports of the last 30 days added (DEMO_REPORTS=off to go without)\n`);
  }
  const sms = createSms(config);
  const delivery = await loadDelivery(config, process.env, (line) => process.stderr.write(`claimflow: ${line}\n`));
  const jobs = new Jobs();
  // One set of metrics for the process: the app's requests, leads and codes, and its job queue's texts and deliveries.
  const metrics = new Metrics(db).watchProcess();
  // The job queue starts once the app listens (a PORT of 0 is known only then); on PGlite its start and first sweeps
  // hold the event loop and the one connection for seconds, which load shedding does not take for load
  // (server/load-shedding.ts).
  let jobsStarted = () => {};
  const starting = new Promise<void>((resolve) => (jobsStarted = resolve));
  const app = await buildApp({ config, db, sms, log: config.logLevel, sponsors: delivery.ready.sponsors, jobs, starting, metrics });
  let stopping = false;
  // An answer given while stopping closes its connection: kept alive, it would hold the stop for the idle timeout (5 s).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) void reply.header('connection', 'close');
    done(null, payload);
  });
  extend(app);
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  // PORT=0 picked a port only now: the default PUBLIC_URL is the origin actually listened on.
  if (config.publicUrl === ownOrigin(0)) config.publicUrl = ownOrigin(port);
  await jobs
    .start({
      db,
      databaseUrl: config.databaseUrl,
      sms,
      config,
      delivery,
      retention: config.retention,
      reportRetentionMonths: config.reportRetentionMonths,
      hashKeys: config.hashKeys,
      metrics,
      log: (message, err) => app.log.error({ err }, message),
    })
    .finally(() => {
      // The first sweeps are start-up too, for START_WORK_MS at most: a backlog of texts may take minutes.
      void Promise.race([jobs.firstRuns(), sleep(START_WORK_MS, undefined, { ref: false })]).finally(jobsStarted);
    });
  process.stdout.write(`claimflow listening on http://localhost:${port}\n`);

  // SIGTERM drains: the port closes at once (a load balancer's next probe fails), the requests under way are answered,
  // the job queue's runs end or leave what they took to be claimed again, then the database closes, within STOP_MS.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Never hang on a stuck connection; PGlite is closed once nothing uses it, so its files are consistent.
    setTimeout(() => process.exit(1), STOP_MS).unref();
    setTimeout(() => app.server.closeAllConnections(), DRAIN_MS).unref();
    try {
      await Promise.all([app.close(), jobs.stop()]);
      await db.close();
      process.stderr.write(`claimflow stopped (${signal})\n`);
      process.exit(0);
    } catch (error) {
      process.stderr.write(`claimflow: error while stopping: ${String(error)}\n`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Starts serve(), or says why it could not and exits 1. */
export function serveOrExit(extend?: (app: FastifyInstance) => void): void {
  serve(extend).catch((error: unknown) => {
    process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `claimflow failed to start: ${String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  });
}
