// The deliverer: claims the deliveries that are due (jobs/claims.ts: a deliverer that dies leaves them to the next one
// once its lease ends), sends each as a signed Standard Webhooks message (the same webhook-id and bytes on every attempt
// until acknowledged), logs the attempt and records the outcome: delivered on 2xx (the message's copy dropped); the
// sponsor's deliveries off on 410; else the next attempt on the schedule, or dead (the dead letter) once it has ended.
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { claimDue, nextDueInSeconds, type ClaimTable } from '../jobs/claims.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { getLeads } from '../store/leads.ts';
import { resolveTarget } from './address-guard.ts';
import { nextAttemptIn } from './retry-schedule.ts';
import type { ReadySponsors } from './sponsor-endpoints.ts';
import { webhookLead } from './webhook-data.ts';
import { postWebhook, type WebhookAnswer } from './webhook-post.ts';

export interface DelivererDeps {
  db: Db;
  ready: ReadySponsors;
  config: Pick<Config, 'webhookAllowedHosts' | 'webhookRetrySchedule' | 'webhookTimeoutSeconds'>;
  /** Where a sponsor turned off or a dead delivery is reported. */
  log: (message: string) => void;
  clock?: () => number;
  /** Where each attempt is counted by sponsor and result (claimflow_deliveries_total). */
  metrics?: Pick<Metrics, 'deliveries'>;
}

/** An attempt's result as counted: a failed attempt tried again later is a retry. */
const RESULT = { delivered: 'delivered', off: 'off', pending: 'retry', dead: 'dead' } as const;

/** Deliveries claimed (and sent side by side) at a time. */
const BATCH = 50;
/** A claim outlives the request's timeout by this much (recording the answer is one statement): longer, and the deliverer died or stalled. */
const LEASE_MARGIN_SECONDS = 10;

interface Claimed {
  id: string | number;
  webhook_id: string;
  lead_id: string | number;
  sponsor_id: string;
  type: 'lead.created' | 'lead.updated';
  certificate_url: string;
  payload: string | null;
  created_at: Date;
  attempts: number;
}

/** The deliveries still to send, to a sponsor ready to get them ($4). */
export const DELIVERIES: ClaimTable = { table: 'deliveries', key: ['id'], pending: `item.status = 'pending'` };

async function claim({ db, ready, config }: DelivererDeps) {
  return claimDue<Claimed>(db, DELIVERIES, {
    // A lead's later messages wait for its lead.created: no sponsor hears of a lead it does not have.
    where: `item.sponsor_id = ANY($4::text[]) AND (item.type = 'lead.created' OR NOT EXISTS (
      SELECT 1 FROM deliveries c WHERE c.lead_id = item.lead_id AND c.sponsor_id = item.sponsor_id AND c.type = 'lead.created' AND c.status = 'pending'))`,
    params: [[...ready.endpoints.keys()]],
    returning: 'item.id, webhook_id, lead_id, sponsor_id, type, certificate_url, payload, created_at, attempts',
    leaseSeconds: config.webhookTimeoutSeconds + LEASE_MARGIN_SECONDS,
    limit: BATCH,
  });
}

/**
 * Gives each claimed delivery without a payload its envelope { type, timestamp, data }: the lead as sponsors get it
 * (webhook-data.ts); the batch's leads read in one statement. A delivery whose lead is gone or erased keeps none.
 */
async function buildPayloads(db: Db, batch: Claimed[]): Promise<void> {
  const unbuilt = batch.filter((d) => d.payload === null);
  if (unbuilt.length === 0) return;
  const ids = unbuilt.map((d) => Number(d.lead_id));
  const leads = new Map((await getLeads(db, ids)).map((lead) => [lead.id, lead]));
  for (const d of unbuilt) {
    const lead = leads.get(Number(d.lead_id));
    if (lead) d.payload = JSON.stringify({ type: d.type, timestamp: d.created_at.toISOString(), data: webhookLead(lead, d.certificate_url) });
  }
}

/** Each sponsor's endpoint address, resolved and checked once a batch (not once a lead). */
type Targets = Map<string, ReturnType<typeof resolveTarget>>;

async function attempt(deps: DelivererDeps, d: Claimed, targets: Targets): Promise<WebhookAnswer> {
  const endpoint = deps.ready.endpoints.get(d.sponsor_id);
  if (!endpoint) return { error: `sponsor ${d.sponsor_id} has no endpoint` };
  const payload = d.payload;
  if (payload === null) return { error: `lead ${String(d.lead_id)} of delivery ${String(d.id)} is gone` };
  if (!targets.has(d.sponsor_id)) targets.set(d.sponsor_id, resolveTarget(endpoint.url, deps.config.webhookAllowedHosts));
  const target = await targets.get(d.sponsor_id)!;
  if ('refused' in target) return { error: target.refused };
  const at = new Date((deps.clock ?? Date.now)());
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'claimflow-webhooks/1',
    'webhook-id': d.webhook_id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': endpoint.webhook.sign(d.webhook_id, at, payload),
  };
  return postWebhook(endpoint.url, target, headers, payload, deps.config.webhookTimeoutSeconds * 1000);
}

/** An attempt's outcome as recorded: its log row, the delivery's new status and, when pending, the seconds to the next. */
type Result = Claimed & {
  status: 'delivered' | 'off' | 'pending' | 'dead';
  http_status: number | null;
  error: string | null;
  duration_ms: number;
  wait: number;
};

async function sendOne(deps: DelivererDeps, d: Claimed, targets: Targets): Promise<Result> {
  const started = performance.now();
  const answer = await attempt(deps, d, targets).catch((error: unknown) => ({ error: (error as Error).message, status: undefined }));
  const ok = answer.status !== undefined && answer.status >= 200 && answer.status < 300;
  const gone = answer.status === 410;
  const wait = ok || gone ? undefined : nextAttemptIn(deps.config.webhookRetrySchedule, d.attempts, answer, (deps.clock ?? Date.now)());
  return {
    ...d,
    status: ok ? 'delivered' : gone ? 'off' : wait === undefined ? 'dead' : 'pending',
    http_status: answer.status ?? null,
    error: answer.error ?? (ok ? null : `HTTP ${answer.status}`),
    duration_ms: Math.round(performance.now() - started),
    wait: wait ?? 0,
  };
}

/**
 * Records a batch's attempts in one statement: their log rows and the deliveries' new states (a delivery another
 * deliverer claimed meanwhile, this one having stalled past its lease, is left to it); then turns off the sponsors
 * that answered 410 and reports them and the dead deliveries.
 */
async function record(deps: DelivererDeps, token: string, results: Result[]): Promise<void> {
  if (results.length === 0) return;
  await deps.db.query(
    `WITH r AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, lead_id bigint, sponsor_id text, type text,
         attempts smallint, http_status smallint, error text, duration_ms integer, status text, payload text, wait float8)
     ),
     logged AS (
       INSERT INTO delivery_attempts (delivery_id, attempt, http_status, error, duration_ms)
       SELECT id, attempts, http_status, error, duration_ms FROM r
     ),
     -- A dead lead.created takes the updates waiting for it along (never sent: the sponsor does not have the lead;
     -- a redrive sends them after it). They are not in this batch: the claim leaves them while it is pending.
     held AS (
       UPDATE deliveries f SET status = 'dead' FROM r
       WHERE r.status = 'dead' AND r.type = 'lead.created' AND f.lead_id = r.lead_id AND f.sponsor_id = r.sponsor_id
         AND f.type = 'lead.updated' AND f.status = 'pending'
     )
     -- Acknowledged, the copy kept for retries goes (the person's data is the lead's to keep); a lead.deleted's holds
     -- only the lead's id.
     UPDATE deliveries d SET status = r.status, lease_until = NULL,
       payload = CASE WHEN r.status = 'delivered' AND d.type <> 'lead.deleted' THEN NULL ELSE coalesce(d.payload, r.payload) END,
       next_attempt_at = CASE WHEN r.status = 'pending' THEN now() + make_interval(secs => r.wait) ELSE d.next_attempt_at END,
       delivered_at = CASE WHEN r.status = 'delivered' THEN now() END
     FROM r WHERE d.id = r.id AND d.status = 'pending' AND d.claim = $2`,
    [JSON.stringify(results), token],
  );
  for (const d of results) {
    deps.metrics?.deliveries.inc({ sponsor: d.sponsor_id, result: RESULT[d.status] });
    if (d.status === 'off') {
      await deps.db.query(
        `WITH turned_off AS (
           INSERT INTO sponsor_endpoints_off (sponsor_id, reason) VALUES ($1, $2) ON CONFLICT (sponsor_id) DO NOTHING
         )
         UPDATE deliveries SET status = 'off' WHERE sponsor_id = $1 AND status = 'pending'`,
        [d.sponsor_id, `HTTP 410 to delivery ${d.webhook_id}`],
      );
      deps.log(`sponsor ${d.sponsor_id}'s endpoint answered 410 Gone: its deliveries are off (npm run deliveries -- redrive --sponsor ${d.sponsor_id})`);
    }
    if (d.status === 'dead')
      deps.log(`delivery ${d.webhook_id} of lead ${String(d.lead_id)} to ${d.sponsor_id} is dead after ${d.attempts} attempts (${d.error})`);
  }
}

/** Sends every delivery that is due, batch after batch; how many were sent (any outcome). */
export async function deliverDue(deps: DelivererDeps, signal?: AbortSignal): Promise<number> {
  let sent = 0;
  for (;;) {
    const { token, rows: batch } = await claim(deps);
    await buildPayloads(deps.db, batch);
    const targets: Targets = new Map();
    await record(deps, token, await Promise.all(batch.map((d) => sendOne(deps, d, targets))));
    sent += batch.length;
    if (batch.length < BATCH || signal?.aborted) return sent;
  }
}

/** Seconds until the next pending delivery is due (or its claim ends), undefined when none is pending. */
export const nextDeliveryInSeconds = ({ db, ready }: Pick<DelivererDeps, 'db' | 'ready'>) =>
  nextDueInSeconds(db, DELIVERIES, 'sponsor_id = ANY($1::text[])', [[...ready.endpoints.keys()]]);
