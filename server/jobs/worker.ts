// `npm run worker`: the job queue's workers alone, without HTTP, beside any number of servers on one PostgreSQL (the
// servers run workers too; PGlite's directory is one process's, so there the server is the only worker).
import { ConfigError, loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { loadDelivery } from '../delivery/delivery-setup.ts';
import { openDb } from '../db/open-db.ts';
import { rekeyAtStart } from '../store/rekey-phones.ts';
import { maskSecrets } from '../redact.ts';
import { createSms } from '../sms/create-sms.ts';
import { Metrics } from '../metrics/metrics.ts';
import { Jobs } from './jobs.ts';
import { listenForMonitoring } from './worker-monitor.ts';

const write = (line: string) => process.stderr.write(`${maskSecrets(line)}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    write('claimflow worker: DATABASE_URL is not set. On PGlite the server runs the workers itself (npm start).');
    process.exit(1);
  }
  const db = await openDb(config);
  await migrate(db);
  await rekeyAtStart(db, config.hashKeys, (line) => write(`claimflow worker: ${line}`));
  const metrics = new Metrics(db).watchProcess();
  const sms = createSms(config);
  const queue = await new Jobs().start({
    db,
    databaseUrl: config.databaseUrl,
    sms,
    config,
    delivery: await loadDelivery(config, process.env, write),
    retention: config.retention,
    reportRetentionMonths: config.reportRetentionMonths,
    hashKeys: config.hashKeys,
    metrics,
    log: (message, error) =>
      write(`claimflow worker: ${message}${error === undefined ? '' : `: ${error instanceof Error ? error.stack : JSON.stringify(error)}`}`),
  });
  const monitor =
    config.workerPort === undefined ? undefined : await listenForMonitoring(config.workerPort, config.host, { config, db, sms, jobs: queue, metrics });
  process.stdout.write('claimflow worker started\n');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    await monitor?.close();
    await queue.stop();
    await db.close();
    write(`claimflow worker stopped (${signal})`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  write(error instanceof ConfigError ? error.message : `claimflow worker failed to start: ${String((error as Error)?.stack ?? error)}`);
  process.exit(1);
});
