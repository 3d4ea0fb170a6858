// The server's metrics (issue 37) in Prometheus' text format, from prom-client. One registry per Metrics, one Metrics per
// process (serve.ts gives the app's and the job queue's the same; tests build many apps in one process, where
// prom-client's global registry would collide). The work is counted where it is done, a label lookup and an increment;
// the job queues' backlog and the database's connections are read when /metrics is scraped. No label holds personal
// data: routes are patterns, funnels and sponsors ids of this code's files, reasons fixed words.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/db.ts';
import { queueBacklog } from './queue-backlog.ts';

/** Request latencies' buckets (seconds): a lead takes tens of ms, a PDF or a search up to a second, past 5 s is too late. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  /** Every request answered: its method, route pattern ('page' for the app's pages, 'unmatched' for none) and status; its _count is the requests. */
  readonly requests: Histogram<'method' | 'route' | 'status'>;
  readonly leadsCreated: Counter<'funnel'>;
  /** Texts the SMS provider took: one-time codes (kind code) and alert texts (kind alert). */
  readonly smsSent: Counter<'kind'>;
  readonly smsFailed: Counter<'kind' | 'reason'>;
  /** Alert texts not sent: stopped (the phone said STOP), country, duplicate (another alert of the phone got it), failed (given up). */
  readonly alertTextsSkipped: Counter<'reason'>;
  /** Delivery attempts to sponsors by their result: delivered, retry (failed, tried again later), dead, off (410 Gone). */
  readonly deliveries: Counter<'sponsor' | 'result'>;
  /** Reports fed in: ingested (new), updated, rejected. */
  readonly reports: Counter<'outcome'>;
  readonly reportWarnings: Counter;
  readonly #queueDepth: Gauge<'queue'>;
  readonly #queueOldest: Gauge<'queue'>;
  readonly #poolConnections: Gauge<'state'> | undefined;
  readonly #poolMax: Gauge | undefined;
  readonly #dbWaiting: Gauge;

  constructor(private readonly db: Db) {
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'claimflow_http_request_duration_seconds',
      help: 'Requests answered, by method, route pattern and status, and how long each took.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.leadsCreated = new Counter({ name: 'claimflow_leads_created_total', help: 'Leads stored, by funnel.', labelNames: ['funnel'], registers });
    this.smsSent = new Counter({
      name: 'claimflow_sms_sent_total',
      help: 'Texts the SMS provider took, by kind (code, alert).',
      labelNames: ['kind'],
      registers,
    });
    this.smsFailed = new Counter({
      name: 'claimflow_sms_failed_total',
      help: "Texts the SMS provider refused or did not answer for, by kind and reason (the provider's error code, refused, provider_error, unreachable, error).",
      labelNames: ['kind', 'reason'],
      registers,
    });
    this.alertTextsSkipped = new Counter({
      name: 'claimflow_alert_texts_skipped_total',
      help: 'Alert texts not sent, by reason (stopped, country, duplicate, failed: given up after 5 refusals).',
      labelNames: ['reason'],
      registers,
    });
    this.deliveries = new Counter({
      name: 'claimflow_deliveries_total',
      help: 'Delivery attempts to sponsors, by sponsor and result (delivered, retry, dead, off).',
      labelNames: ['sponsor', 'result'],
      registers,
    });
    this.reports = new Counter({
      name: 'claimflow_reports_total',
      help: 'Reports fed in, by outcome (ingested, updated, rejected).',
      labelNames: ['outcome'],
      registers,
    });
    this.reportWarnings = new Counter({ name: 'claimflow_report_warnings_total', help: 'Warnings on reports stored otherwise than sent.', registers });
    this.#queueDepth = new Gauge({ name: 'claimflow_queue_depth', help: 'Work due in each job queue and not done yet.', labelNames: ['queue'], registers });
    this.#queueOldest = new Gauge({
      name: 'claimflow_queue_oldest_seconds',
      help: 'How long the oldest work due in each job queue has waited (0 when none is due).',
      labelNames: ['queue'],
      registers,
    });
    this.#dbWaiting = new Gauge({ name: 'claimflow_db_waiting', help: 'Statements waiting for a database connection.', registers });
    // PGlite is one connection: no pool to report.
    if (db.pool) {
      this.#poolConnections = new Gauge({
        name: 'claimflow_db_pool_connections',
        help: "The database pool's connections, by state (busy, idle).",
        labelNames: ['state'],
        registers,
      });
      this.#poolMax = new Gauge({ name: 'claimflow_db_pool_max', help: 'The most connections the database pool opens.', registers });
    }
  }

  /**
   * Adds prom-client's metrics of the process (process_* and nodejs_*: CPU, memory, the event loop's delay, GC): once per
   * process (serve.ts, worker.ts), not per app, as they watch the process through observers that stay.
   */
  watchProcess(): this {
    collectDefaultMetrics({ register: this.registry });
    return this;
  }

  /** Every metric as Prometheus' text format, with the queues' backlog and the database's connections read now. */
  async scrape(): Promise<string> {
    this.#queueDepth.reset();
    this.#queueOldest.reset();
    try {
      for (const { queue, depth, oldest } of await queueBacklog(this.db)) {
        this.#queueDepth.set({ queue }, depth);
        this.#queueOldest.set({ queue }, oldest);
      }
    } catch {
      // The database does not answer (/readyz says so): the backlog is left out rather than the scrape failing.
    }
    const pool = this.db.pool?.();
    if (pool) {
      this.#poolConnections?.set({ state: 'busy' }, pool.total - pool.idle);
      this.#poolConnections?.set({ state: 'idle' }, pool.idle);
      this.#poolMax?.set(pool.max);
    }
    this.#dbWaiting.set(this.db.waiting?.() ?? 0);
    return this.registry.metrics();
  }
}
