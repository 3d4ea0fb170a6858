// The one claim of per-row background work, over the columns deliveries, alert_texts and alert_endings share
// (migration 0031): a worker claims rows due (next_attempt_at passed, no live lease) with a token of its own and a
// lease, an attempt more each. Any number of workers, in any process, share a table; a row whose worker died or
// stalled is claimed again once its lease ends. The row's own columns say when its work is done (its pending).
import type { Queryable } from '../db/db.ts';

export interface ClaimTable {
  table: 'deliveries' | 'alert_texts' | 'alert_endings';
  /** The primary key's columns. */
  key: readonly string[];
  /** SQL: the row (alias item) still has work. */
  pending: string;
}

export interface Claim {
  /** SQL: more conditions on the rows due (alias item), their parameters from $4. */
  where?: string;
  params?: unknown[];
  /** Tables joined for RETURNING (`, alerts a`) and their condition (`AND a.id = item.alert_id`). */
  join?: [string, string];
  returning: string;
  leaseSeconds: number;
  limit: number;
}

/** Claims up to limit rows due, oldest due first, under a new token; the rows as returning gives them. */
export async function claimDue<T>(q: Queryable, t: ClaimTable, c: Claim): Promise<{ token: string; rows: T[] }> {
  const token = crypto.randomUUID();
  const [from, on] = c.join ?? ['', ''];
  const { rows } = await q.query<T>(
    `WITH due AS (
       SELECT ${t.key.join(', ')} FROM ${t.table} item
       WHERE ${t.pending} AND item.next_attempt_at <= now() AND (item.lease_until IS NULL OR item.lease_until < now()) AND ${c.where ?? 'true'}
       ORDER BY item.next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED
     )
     UPDATE ${t.table} item SET claim = $1, lease_until = now() + make_interval(secs => $2), attempts = item.attempts + 1
     FROM due${from} WHERE ${t.key.map((k) => `item.${k} = due.${k}`).join(' AND ')} ${on}
     RETURNING ${c.returning}`,
    [token, c.leaseSeconds, c.limit, ...(c.params ?? [])],
  );
  return { token, rows };
}

/** Seconds until the first pending row is due or its lease ends (where: more conditions, parameters from $1); undefined when none is pending. */
export async function nextDueInSeconds(q: Queryable, t: ClaimTable, where = 'true', params: unknown[] = []): Promise<number | undefined> {
  const { rows } = await q.query<{ s: number | null }>(
    `SELECT extract(epoch FROM min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) - now())::float8 AS s
     FROM ${t.table} item WHERE ${t.pending} AND ${where}`,
    params,
  );
  const s = rows[0]?.s;
  return s === null || s === undefined ? undefined : Math.max(0, s);
}
