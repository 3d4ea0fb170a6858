// The job queue: pg-boss 10 in the server's own database (its tables in a schema of their own). On PostgreSQL it has a
// small pool of its own; on PGlite it runs its statements on the one embedded connection. Its one queue sends the
// alerts' texts: woken right after reports or alerts are stored (a process running the workers then sends at once,
// another queues a job for them), and swept every minute by a pg-boss schedule (and at start), which also ends the
// alerts whose time is up and looks again at claims a dead sender left. A second queue
// deletes or anonymises what is past its retention (server/retention/), hourly and at start. No timers of ours:
// pg-boss's workers, delayed jobs and schedules do it all.
import PgBoss from 'pg-boss';
import { deliverAlertTexts, recheckInSeconds, type DeliverDeps } from '../alerts/deliver-texts.ts';
import { expireAlerts } from '../alerts/expire-alerts.ts';
import type { Db } from '../db/db.ts';
import { startDeliveryQueues, type DeliverySetup } from '../delivery/delivery-queue.ts';
import { loadConfig } from '../config.ts';
import type { HashKey } from '../privacy/keyed-hash.ts';
import { queueWake } from './wake.ts';
import { purgeExpired, type Retention } from '../retention/purge-expired.ts';

export const ALERT_TEXTS_QUEUE = 'alert-texts';
/** A minute: the finest a pg-boss schedule runs, the longest a row missed by every wake waits. */
const SWEEP_CRON = '* * * * *';
export const PURGE_QUEUE = 'purge-expired-rows';
/** Hourly: retention periods are hours to years; an hour more or less does not matter. */
const PURGE_CRON = '0 * * * *';
/** How often a worker in another process than the producer looks for a wake (a job): ingest → text stays within seconds. */
const POLLING_SECONDS = 1;
/** A stop waits this long for a delivery under way (it finishes the texts it claimed). */
const STOP_WAIT_MS = 5_000;

/** A sweep also ends the alerts whose time is up and looks again at claims left open; a wake only sends. */
interface JobData {
  sweep?: boolean;
}
const SWEEP: JobData = { sweep: true };

export interface QueueOptions extends DeliverDeps {
  /** DATABASE_URL: pg-boss's own pool on the server's PostgreSQL. Required when db is PostgreSQL. */
  databaseUrl?: string;
  /** Run the workers (the sender) in this process; false only queues wakes for workers elsewhere. Default true. */
  workers?: boolean;
  /** Lead delivery to sponsors (server/delivery/): its queues run only when given. */
  delivery?: DeliverySetup;
  /** How long rows are kept (config.retention); default: the configuration's defaults. */
  retention?: Retention;
  /** HASH_KEYS (config.hashKeys), which the retention job hashes verifications' phones with; default: none (the database's key). */
  hashKeys?: readonly HashKey[];
  /** The servers' clock (ms) the retention job measures ages by; Date.now by default (tests move a fake one). */
  clock?: () => number;
  /** Where errors of the queue and of deliveries are reported (no phone numbers in them). */
  log: (message: string, error?: unknown) => void;
}

export interface JobQueue {
  /** Delivers at once when this process runs the workers, else queues a job another process's worker takes within POLLING_SECONDS. */
  wake(): void;
  /** Stops taking jobs, finishes the delivery under way (up to STOP_WAIT_MS) and lets go of the database. */
  stop(): Promise<void>;
}

const running = new Set<JobQueue>();

/** Wakes the alerts' sender: call it right after a transaction that added alert_texts rows commits. */
export function wakeAlertSender(): void {
  for (const queue of running) queue.wake();
}

/**
 * Runs pg-boss's statements on the Db (PGlite's one connection): one with its parameters, or a script of several without
 * any, the last one's rows. A script runs in a transaction of its own, so one that fails halfway (pg-boss's `BEGIN; …;
 * COMMIT;`) is rolled back whole instead of leaving the connection in a failed transaction for every query after it; a
 * BEGIN inside that transaction is only a warning, and its COMMIT ends the transaction early: harmless.
 */
function executeSql(db: Db, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  return values && values.length > 0 ? db.query(text, values) : db.connect((connection) => connection.transaction((tx) => tx.exec(text)));
}

export async function startQueue(options: QueueOptions): Promise<JobQueue> {
  const { db, log, workers = true, retention = loadConfig({}).retention, hashKeys = [], clock = Date.now } = options;
  // Tests put each database in a schema of its own; the queue's tables go beside it.
  const schema = db.schema === 'public' ? 'pgboss' : `${db.schema}_pgboss`;
  let connection: PgBoss.ConstructorOptions;
  if (db.kind === 'pglite') connection = { db: { executeSql: (text, values) => executeSql(db, text, values) } };
  else if (options.databaseUrl) connection = { connectionString: options.databaseUrl, max: 3, application_name: 'claimflow-jobs' };
  else throw new Error('the job queue needs DATABASE_URL on PostgreSQL');

  const boss = new PgBoss({ ...connection, schema, schedule: workers, supervise: workers });
  boss.on('error', (error) => log('job queue error', error));
  await boss.start();
  await boss.createQueue(ALERT_TEXTS_QUEUE, {
    name: ALERT_TEXTS_QUEUE,
    // One job waiting at most (wakes that come while one waits add nothing), any number running.
    policy: 'short',
    retryLimit: 3,
    retryDelay: 5,
  });
  await boss.createQueue(PURGE_QUEUE, { name: PURGE_QUEUE, policy: 'short' });

  const stopping = new AbortController();
  let workerId: string | undefined;
  /** Deliveries a wake started in this process, waited for by stop. */
  const woken = new Set<Promise<void>>();
  let sendNow: (() => void) | undefined;
  if (workers) {
    // Its own singleton key: a wake waiting does not swallow the minute's sweep.
    await boss.schedule(ALERT_TEXTS_QUEUE, SWEEP_CRON, SWEEP, { singletonKey: 'sweep' });
    const deliver = async (sweep: boolean) => {
      if (sweep) await expireAlerts(db);
      const { failed } = await deliverAlertTexts(options, {
        signal: stopping.signal,
        // A burst is shared: the next job waiting lets another worker (another process's) claim rows beside this one.
        onBusy: () => void boss.send(ALERT_TEXTS_QUEUE, {}).catch((error: unknown) => log('could not queue more alert texts', error)),
      });
      // Claims still open (a dead sender's, or refused ones): looked at again when their lease ends, not a minute later.
      const recheck = sweep || failed > 0 ? await recheckInSeconds(db) : undefined;
      if (recheck !== undefined && !stopping.signal.aborted) await boss.sendAfter(ALERT_TEXTS_QUEUE, SWEEP, { singletonKey: 'recheck' }, recheck);
    };
    workerId = await boss.work<JobData>(ALERT_TEXTS_QUEUE, { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS }, ([job]) =>
      // pg-boss records a job's failure and tries it again, but says nothing.
      deliver(job?.data.sweep === true).catch((error: unknown) => {
        log('alert delivery failed (tried again)', error);
        throw error;
      }),
    );
    // A wake here delivers at once, not through a job: on PGlite's one connection the job's send, fetch and completion
    // would each wait behind the next batch of reports being stored, and the texts with them.
    sendNow = () => {
      const run = deliver(false)
        .catch((error: unknown) => log('alert delivery failed (tried again at the next wake or sweep)', error))
        .finally(() => woken.delete(run));
      woken.add(run);
    };
    await boss.schedule(PURGE_QUEUE, PURGE_CRON);
    await boss.work(PURGE_QUEUE, () =>
      purgeExpired(db, retention, clock(), hashKeys).catch((error: unknown) => {
        log('retention purge failed (tried again next hour)', error);
        throw error;
      }),
    );
  }

  const stopDelivery = options.delivery && (await startDeliveryQueues(boss, { db, delivery: options.delivery, workers, signal: stopping.signal, log }));

  // Without a worker here, a wake is a job for another process's worker.
  const sendJob = queueWake(boss, ALERT_TEXTS_QUEUE, { workerId: undefined, signal: stopping.signal, log });
  const queue: JobQueue = {
    wake: () => {
      if (!stopping.signal.aborted) (sendNow ?? sendJob)();
    },
    async stop() {
      running.delete(queue);
      stopDelivery?.();
      stopping.abort();
      // A delivery under way stops claiming and finishes the batch it claimed.
      await Promise.all([boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS }), ...woken]);
    },
  };
  running.add(queue);
  // Rows left from before this start (a crash, rows stored while no worker ran) go now, not at the first sweep.
  if (workerId !== undefined) {
    await boss.send(ALERT_TEXTS_QUEUE, SWEEP, { singletonKey: 'sweep' });
    boss.notifyWorker(workerId);
    await boss.send(PURGE_QUEUE, {});
  }
  return queue;
}
