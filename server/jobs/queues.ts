// Every queue of background work, in one list: its name, its work, how pg-boss tries a failed run again, and its
// schedule. A run takes everything due in its table, so one run serves any number of wakes; it answers when more
// becomes due (a retry, a lease that ends), and jobs.ts sends a job for then.
import type PgBoss from 'pg-boss';
import { deliverAlertTexts, textsDueInSeconds, type DeliverDeps } from '../alerts/deliver-texts.ts';
import { expireAlerts } from '../alerts/expire-alerts.ts';
import { deliverDue, nextDeliveryInSeconds } from '../delivery/deliver-webhooks.ts';
import type { DeliverySetup } from '../delivery/delivery-setup.ts';
import { routeWaitingLeads } from '../delivery/route-leads.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { HashKey } from '../privacy/keyed-hash.ts';
import { keepPartitions } from '../reports/report-partitions.ts';
import { purgeExpired, type Retention } from '../retention/purge-expired.ts';

export type QueueName = 'alert-texts' | 'route-leads' | 'lead-deliveries' | 'purge-expired-rows' | 'report-partitions';

export interface Run {
  /** A scheduled run (or the one at start), not a wake: also does what only needs doing now and then. */
  sweep: boolean;
  /** Aborted when the queue stops: the run finishes what it took and takes no more. */
  signal: AbortSignal;
  wake: (name: QueueName) => void;
  /** More waits than a run takes at once: another job lets another process's worker share it. */
  more: () => void;
}

export interface QueueSpec {
  name: QueueName;
  /** The run; the seconds until more work becomes due, if any is waiting. */
  handler(run: Run): Promise<number | undefined>;
  retry: Pick<PgBoss.Queue, 'retryLimit' | 'retryDelay'>;
  /** A cron line: the run that catches what wakes missed (a crash between a commit and its wake). */
  schedule: string;
  /** The least time from the start of a run of this process's worker to the next (jobs.ts). */
  gapMs?: number;
}

export interface QueueDeps extends DeliverDeps {
  /** Lead delivery to sponsors: its queues run only when given. */
  delivery?: DeliverySetup;
  /** How long rows are kept (config.retention). */
  retention: Retention;
  /** REPORT_RETENTION_MONTHS (config.reportRetentionMonths). */
  reportRetentionMonths: number;
  /** HASH_KEYS, which the retention job hashes verifications' phones with. */
  hashKeys: readonly HashKey[];
  /** The servers' clock (ms) the retention job measures ages by. */
  clock: () => number;
  log: (message: string, error?: unknown) => void;
  /** Where deliveries and alert texts not sent are counted (those sent or refused by the SMS provider jobs.ts gives, metered). */
  metrics?: Pick<Metrics, 'deliveries' | 'alertTextsSkipped'>;
}

/** The finest a pg-boss schedule runs: the longest a row every wake missed waits. */
const EVERY_MINUTE = '* * * * *';
/** Under a steady flow of leads a run takes this long's at once (its statements cost as much for one as for fifty). */
const LEAD_GAP_MS = 200;
const RETRY = { retryLimit: 3, retryDelay: 5 };

export function queueSpecs(deps: QueueDeps): QueueSpec[] {
  const { db, delivery } = deps;
  const specs: QueueSpec[] = [
    {
      name: 'alert-texts',
      retry: RETRY,
      schedule: EVERY_MINUTE,
      async handler({ sweep, signal, more }) {
        if (sweep) await expireAlerts(db);
        const { failed } = await deliverAlertTexts(deps, { signal, onBusy: more });
        // Texts left unsent (a dead sender's, or refused ones): looked at again when their lease ends.
        return sweep || failed > 0 ? textsDueInSeconds(db) : undefined;
      },
    },
    {
      name: 'purge-expired-rows',
      // Retention periods are hours to years: a failed purge waits for the next hour.
      retry: { retryLimit: 0 },
      schedule: '0 * * * *',
      handler: async () => void (await purgeExpired(db, deps.retention, deps.clock(), deps.hashKeys)),
    },
    {
      name: 'report-partitions',
      // Months are made two ahead: a failed run waits for the next day's.
      retry: { retryLimit: 0 },
      schedule: '15 3 * * *',
      handler: async () => void (await keepPartitions(db, deps.reportRetentionMonths, deps.clock())),
    },
  ];
  if (!delivery) return specs;
  const deliverer = { db, ready: delivery.ready, config: delivery.config, log: (message: string) => deps.log(message), metrics: deps.metrics };
  const router = { db, ready: delivery.ready, signer: delivery.signer, publicUrl: () => delivery.config.publicUrl };
  specs.push(
    {
      name: 'route-leads',
      retry: RETRY,
      schedule: EVERY_MINUTE,
      gapMs: LEAD_GAP_MS,
      async handler({ signal, wake }) {
        if ((await routeWaitingLeads(router, signal)) > 0) wake('lead-deliveries');
        return undefined;
      },
    },
    {
      name: 'lead-deliveries',
      retry: RETRY,
      schedule: EVERY_MINUTE,
      gapMs: LEAD_GAP_MS,
      async handler({ signal }) {
        await deliverDue(deliverer, signal);
        return nextDeliveryInSeconds(deliverer);
      },
    },
  );
  return specs;
}
