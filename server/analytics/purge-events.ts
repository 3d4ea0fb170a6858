// Funnel step events past their retention (EVENT_RETENTION_DAYS): whole visits, by the instant they started (as the
// funnel report counts them), in batches, so a first run over a large table holds no long transaction.
import type { Queryable } from '../db/db.ts';

/** Visits deleted per statement. */
const BATCH = 1000;

/** Deletes the events of every visit whose first event came before `before` (ms); returns the events deleted. */
export async function purgeFunnelEvents(db: Queryable, before: number, batch = BATCH): Promise<number> {
  const cutoff = new Date(before).toISOString();
  let deleted = 0;
  for (;;) {
    const { rows } = await db.query<{ visits: number; events: number }>(
      `WITH old AS (SELECT visit_id FROM funnel_events GROUP BY visit_id HAVING min(occurred_at) < $1::timestamptz LIMIT $2),
            gone AS (DELETE FROM funnel_events f USING old WHERE f.visit_id = old.visit_id RETURNING f.visit_id)
       SELECT count(DISTINCT visit_id)::int AS visits, count(*)::int AS events FROM gone`,
      [cutoff, batch],
    );
    const { visits = 0, events = 0 } = rows[0] ?? {};
    deleted += events;
    if (visits < batch) return deleted;
  }
}
