// The job queues' backlog as /metrics reports it: per queue, the work due and not done (claimed or not) and how long the
// oldest of it has waited, read from the queue's own rows (pg-boss keeps at most one job waiting per queue: jobs.ts).
// purge-expired-rows and report-partitions have no backlog: they run hourly and daily over whatever is due.
import { TEXT_CLAIMS } from '../alerts/deliver-texts.ts';
import type { Queryable } from '../db/db.ts';
import { DELIVERIES } from '../delivery/deliver-webhooks.ts';
import type { ClaimTable } from '../jobs/claims.ts';
import type { QueueName } from '../jobs/queues.ts';

export interface Backlog {
  queue: QueueName;
  depth: number;
  /** Seconds since the oldest work became due; 0 when none is. */
  oldest: number;
}

/** A claim table's rows due: when each became due (since). Read through the tables' partial indexes of pending rows. */
const due = (t: ClaimTable) => `SELECT item.next_attempt_at AS since FROM ${t.table} item WHERE ${t.pending} AND item.next_attempt_at <= now()`;

const BACKLOG: [QueueName, string][] = [
  ['alert-texts', TEXT_CLAIMS.map(due).join(' UNION ALL ')],
  ['route-leads', 'SELECT created_at AS since FROM leads WHERE routed_at IS NULL'],
  ['lead-deliveries', due(DELIVERIES)],
];

const SQL = BACKLOG.map(
  ([queue, rows]) =>
    `SELECT '${queue}' AS queue, count(*)::int AS depth, coalesce(extract(epoch FROM now() - min(since)), 0)::float8 AS oldest FROM (${rows}) q`,
).join(' UNION ALL ');

/** Every queue's backlog, in one statement. */
export async function queueBacklog(db: Queryable): Promise<Backlog[]> {
  return (await db.query<Backlog>(SQL)).rows;
}
