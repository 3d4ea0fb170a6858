// The one way background work runs: pg-boss 10 in the server's database (its tables in a schema of their own) runs
// every queue of queues.ts: it wakes a queue's worker (a job sent after the commit that gave it work; the 'short'
// policy keeps one waiting however many commits), runs its schedule, retries a failed run (retryLimit, retryDelay)
// and holds a delayed job for when more is due; no timers of ours. A run takes the rows due in its table through one
// claim (claims.ts: lease, attempts, next attempt, the same columns in deliveries, alert_texts and alert_endings).
// Not a pg-boss job per text or delivery: the rows stay (their unique keys make each exactly once, a text's stored
// body is asked about at the provider after a crash, a sponsor sees a delivery's state), so every insert of one
// (matching's bulk SQL, routing, alert ends, lead updates, redrives) would send a job mirroring its row; one claim
// is smaller and costs a few statements a batch, not a row (PGlite has one connection). Routes get the Jobs through
// the app (RouteDeps.jobs) and wake a queue by name.
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { loadConfig } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { meteredSms } from '../metrics/metered-sms.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { queueSpecs, type QueueDeps, type QueueName, type QueueSpec } from './queues.ts';

/** How often a worker looks for a job another process sent: a wake there → its run within a second. */
const POLLING_SECONDS = 1;
/** A stop waits this long for the runs under way (each finishes what it took). */
const STOP_WAIT_MS = 5_000;

/** Scheduled, at start, or when more becomes due: a sweep (queues.ts Run.sweep); a wake's job has no data. */
interface JobData {
  sweep?: boolean;
}
const SWEEP: JobData = { sweep: true };

export interface JobOptions
  extends
    Omit<QueueDeps, 'retention' | 'reportRetentionMonths' | 'hashKeys' | 'clock' | 'metrics'>,
    Partial<Pick<QueueDeps, 'retention' | 'reportRetentionMonths' | 'hashKeys' | 'clock'>> {
  /** The process's metrics: alert texts (through a metered SMS provider) and deliveries are counted there. */
  metrics?: Metrics;
  /** DATABASE_URL: pg-boss's own pool on the server's PostgreSQL. Required when db is PostgreSQL. */
  databaseUrl?: string;
  /** Run the workers in this process; false only sends jobs for workers elsewhere. Default true. */
  workers?: boolean;
}

/** The event loop's next turn: timers, I/O and requests waiting run first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Settles with work's outcome once the event loop has turned after it. */
async function thenTurn<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    await nextTurn();
  }
}

/**
 * The database as the job queue uses it: on PGlite, the event loop turns after each statement before the caller goes
 * on. PGlite runs statements on the main thread and settles each in a microtask, so a run of them never lets the loop
 * turn: the queue's start (pg-boss's tables and queues) and its first sweeps held it for seconds at a fresh start (no
 * sample of load shedding in 4.1 s), every request and timer waiting, and shedding's next sample saw a loop blocked
 * throughout (503 to every route). The statement itself is sent at once, as before (one deferred past a stop would
 * find the database closed). On PostgreSQL, as is.
 */
export function turnTaking(db: Db): Db {
  if (db.kind !== 'pglite') return db;
  const inTurn = <T extends Queryable>(q: T): T => ({ ...q, query: <R>(sql: string, params?: unknown[]) => thenTurn(q.query<R>(sql, params)) });
  return {
    ...inTurn(db),
    transaction: (fn) => thenTurn(db.transaction((tx) => fn(inTurn(tx)))),
    connect: (fn) => thenTurn(db.connect(fn)),
  };
}

/**
 * Runs pg-boss's statements on PGlite's one connection; a script without parameters in a transaction of its own, so one
 * failing halfway is rolled back whole, not left failing every query after it (its own BEGIN and COMMIT are harmless).
 */
function executeSql(db: Db, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  return values && values.length > 0 ? db.query(text, values) : db.connect((connection) => connection.transaction((tx) => tx.exec(text)));
}

function connection(db: Db, databaseUrl: string | undefined): PgBoss.ConstructorOptions {
  if (db.kind === 'pglite') return { db: { executeSql: (text, values) => executeSql(db, text, values) } };
  if (databaseUrl) return { connectionString: databaseUrl, max: 3, application_name: 'claimflow-jobs' };
  throw new Error('the job queue needs DATABASE_URL on PostgreSQL');
}

/**
 * Runs fn while no other process of this database runs it: two processes starting at the same moment on PostgreSQL
 * deadlocked in pg-boss's queue creation (each makes a queue's table and attaches it to the jobs table), and one of
 * them failed to start. PGlite's database is one process's.
 */
async function oneAtATime(db: Db, schema: string, fn: () => Promise<void>): Promise<void> {
  if (db.kind === 'pglite') return fn();
  await db.connect(async (session) => {
    await session.query('SELECT pg_advisory_lock(hashtext($1))', [`claimflow job queue ${schema}`]);
    try {
      await fn();
    } finally {
      await session.query('SELECT pg_advisory_unlock(hashtext($1))', [`claimflow job queue ${schema}`]);
    }
  });
}

export class Jobs {
  #wake: ((name: QueueName) => void) | undefined;
  #stop: (() => Promise<void>) | undefined;
  #firstRuns: Promise<unknown> = Promise.resolve();

  /**
   * Settles once every queue's first run since start() has ended (done or failed): the sweep of the work left from
   * before, which on a fresh PGlite is seconds of cold statements (serve.ts counts it as start-up, not load).
   */
  firstRuns(): Promise<unknown> {
    return this.#firstRuns;
  }

  /** Whether the queue has started and not stopped since (GET /readyz). */
  get started(): boolean {
    return this.#stop !== undefined;
  }

  /** Wakes a queue: call it right after the transaction that gave it work commits. Nothing while the queue is stopped. */
  wake(name: QueueName): void {
    this.#wake?.(name);
  }

  /** Starts pg-boss, its queues and (unless workers is false) their workers, schedules and a first run of each. */
  async start(options: JobOptions): Promise<this> {
    const { log, workers = true } = options;
    const db = turnTaking(options.db);
    const { metrics } = options;
    const sms = metrics ? meteredSms(options.sms, 'alert', metrics) : options.sms;
    const { retention, reportRetentionMonths } = loadConfig({});
    const deps: QueueDeps = { retention, reportRetentionMonths, hashKeys: [], clock: Date.now, ...options, db, sms };
    // Tests put each database in a schema of their own; the queue's tables go beside it.
    const schema = db.schema === 'public' ? 'pgboss' : `${db.schema}_pgboss`;
    const boss = new PgBoss({ ...connection(db, options.databaseUrl), schema, schedule: workers, supervise: workers });
    boss.on('error', (error) => log('job queue error', error));
    const specs = queueSpecs(deps);
    await oneAtATime(db, schema, async () => {
      await boss.start();
      for (const spec of specs) await boss.createQueue(spec.name, { name: spec.name, policy: 'short', ...spec.retry });
    });
    const stopping = new AbortController();
    const workerIds = new Map<QueueName, string>();
    // A wake is a job (one waits at most) and, with a worker here, that worker looking at once.
    const wake = (name: QueueName, data: JobData = {}, singletonKey?: string) =>
      boss.send(name, data, { singletonKey }).then(
        () => workerIds.has(name) && boss.notifyWorker(workerIds.get(name)!),
        (error: unknown) => log(`could not wake ${name}`, error),
      );
    const firsts = new Map<QueueName, () => void>();
    const run = async (spec: QueueSpec, sweep: boolean) => {
      const started = Date.now();
      const first = firsts.get(spec.name);
      firsts.delete(spec.name);
      try {
        const due = await spec.handler({ sweep, signal: stopping.signal, wake: (name) => void wake(name), more: () => void wake(spec.name) });
        // One job per second something is due at: a job due sooner is not swallowed by a later one.
        if (due !== undefined && !stopping.signal.aborted) {
          const at = Math.ceil(Date.now() / 1000 + due);
          await boss.sendAfter(spec.name, SWEEP, { singletonKey: `due-${at}` }, new Date(at * 1000));
        }
      } catch (error) {
        // pg-boss records a run's failure and tries it again, but says nothing.
        log(`${spec.name} failed (tried again)`, error);
        throw error;
      } finally {
        first?.();
      }
      // The worker takes its next job no sooner than gapMs after this one started: the wakes meanwhile are one job.
      const wait = (spec.gapMs ?? 0) - (Date.now() - started);
      if (wait > 0 && !stopping.signal.aborted) await sleep(wait);
    };
    if (workers) this.#firstRuns = Promise.all(specs.map((spec) => new Promise<void>((resolve) => firsts.set(spec.name, resolve))));
    for (const spec of workers ? specs : []) {
      const options = { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS };
      workerIds.set(spec.name, await boss.work<JobData>(spec.name, options, ([job]) => run(spec, job?.data.sweep === true)));
      await boss.schedule(spec.name, spec.schedule, SWEEP, { singletonKey: 'sweep' });
    }
    this.#wake = (name) => void wake(name);
    this.#stop = async () => {
      this.#wake = undefined;
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
    };
    // Work left from before this start (a crash, rows stored while no worker ran) goes now, not at the first schedule.
    for (const name of workerIds.keys()) await wake(name, SWEEP, 'sweep');
    return this;
  }

  /** Stops taking jobs, finishes the runs under way (up to STOP_WAIT_MS) and lets go of the database. */
  async stop(): Promise<void> {
    const stop = this.#stop;
    this.#stop = undefined;
    await stop?.();
  }
}
