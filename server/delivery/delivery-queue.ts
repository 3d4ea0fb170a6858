// Lead delivery on the job queue (pg-boss, server/jobs/queue.ts): a router queue, woken after a lead is stored, and a
// deliverer queue, woken after routing or an update and at each delivery's next due time; both swept every minute and
// at start, so a wake lost to a crash only delays. pg-boss's jobs, delayed jobs and schedules; no timers of ours but a
// wake's hold until a worker's gap between runs is over (server/jobs/wake.ts).
import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { queueWake, type Wake } from '../jobs/wake.ts';
import type { CertificateSigner } from '../certificates/issue-certificate.ts';
import { deliverDue, nextDueInSeconds } from './deliver-webhooks.ts';
import { routeWaitingLeads } from './route-leads.ts';
import type { ReadySponsors } from './sponsor-endpoints.ts';

export const ROUTE_QUEUE = 'route-leads';
export const DELIVERY_QUEUE = 'lead-deliveries';
const SWEEP_CRON = '* * * * *';
const POLLING_SECONDS = 1;
/**
 * The least time between two runs of a worker here: under a steady flow of leads each run routes (or delivers) the
 * leads of this long at once, as pg-boss's fetch and completion and the run's own statements cost the same for one
 * lead as for fifty; a lead after a quiet moment still goes at once.
 */
const MIN_GAP_MS = 200;

/** What delivery needs besides the database: the sponsors ready to get leads, the certificates' signer, settings. */
export interface DeliverySetup {
  ready: ReadySponsors;
  signer: CertificateSigner;
  config: Pick<Config, 'publicUrl' | 'webhookAllowedHosts' | 'webhookRetrySchedule' | 'webhookTimeoutSeconds'>;
}

const routerWakes = new Set<() => void>();
const delivererWakes = new Set<() => void>();

/** Wakes the router: call it right after a transaction that stored leads commits. */
export function wakeLeadRouter(): void {
  for (const wake of routerWakes) wake();
}

/** Wakes the deliverer: call it right after a transaction that added deliveries commits. */
export function wakeDeliverer(): void {
  for (const wake of delivererWakes) wake();
}

interface Options {
  db: Db;
  delivery: DeliverySetup;
  workers: boolean;
  signal: AbortSignal;
  log: (message: string, error?: unknown) => void;
}

/** Creates the queues, runs their workers (unless workers is false) and answers a stop that unregisters the wakes. */
export async function startDeliveryQueues(boss: PgBoss, { db, delivery, workers, signal, log }: Options): Promise<() => void> {
  for (const name of [ROUTE_QUEUE, DELIVERY_QUEUE]) await boss.createQueue(name, { name, policy: 'short', retryLimit: 3, retryDelay: 5 });
  let routerId: string | undefined;
  let delivererId: string | undefined;
  // Set once the workers are: a worker's run says it started (ran), and wakes then send again.
  const wakes = { router: undefined as Wake | undefined, deliverer: undefined as Wake | undefined };
  if (workers) {
    const deps = { db, ready: delivery.ready, config: delivery.config, log: (message: string) => log(message) };
    const failing = (queue: string) => (error: unknown) => {
      log(`${queue} failed (tried again)`, error);
      throw error;
    };
    routerId = await boss.work(ROUTE_QUEUE, { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS }, async () => {
      wakes.router?.ran();
      const routed = await routeWaitingLeads({ db, ready: delivery.ready, signer: delivery.signer, publicUrl: () => delivery.config.publicUrl }, signal).catch(
        failing(ROUTE_QUEUE),
      );
      if (routed > 0) wakeDeliverer();
    });
    delivererId = await boss.work(DELIVERY_QUEUE, { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS }, async () => {
      wakes.deliverer?.ran();
      await deliverDue(deps, signal).catch(failing(DELIVERY_QUEUE));
      // The next retry's wake, one per second it is due at (a wake due sooner is not swallowed by a later one).
      const due = await nextDueInSeconds(deps);
      if (due !== undefined && !signal.aborted) {
        const at = Math.ceil(Date.now() / 1000 + due);
        await boss.sendAfter(DELIVERY_QUEUE, {}, { singletonKey: `due-${at}` }, new Date(at * 1000));
      }
    });
    await boss.schedule(ROUTE_QUEUE, SWEEP_CRON, {}, { singletonKey: 'sweep' });
    await boss.schedule(DELIVERY_QUEUE, SWEEP_CRON, {}, { singletonKey: 'sweep' });
  }
  const wakeRouter = (wakes.router = queueWake(boss, ROUTE_QUEUE, { workerId: routerId, signal, log, minGapMs: MIN_GAP_MS }));
  const wakeSender = (wakes.deliverer = queueWake(boss, DELIVERY_QUEUE, { workerId: delivererId, signal, log, minGapMs: MIN_GAP_MS }));
  routerWakes.add(wakeRouter);
  delivererWakes.add(wakeSender);
  // Leads and deliveries left from before this start (a crash, a stop) go now, not at the first sweep.
  if (workers) {
    wakeRouter();
    wakeSender();
  }
  return () => {
    routerWakes.delete(wakeRouter);
    delivererWakes.delete(wakeSender);
  };
}
