// Stores a batch of step events (POST /api/events) in one statement: each at the server's time of it (the browser's
// time shifted by the browser's offset when it sent the batch), once per (visit, number) however often it arrives, and
// no more than a visit's bound: a batch that would take the visit past it is refused whole.
import type { FromSchema } from 'json-schema-to-ts';
import type { Db } from '../db/db.ts';
import type batchSchema from '../../schemas/api/events.request.schema.json';

export type EventBatch = FromSchema<typeof batchSchema>;

/**
 * Stores the batch's events under visit (the id of its checked token) unless the visit would then hold more than max
 * events; returns false (nothing stored) if so. The visit is locked while counted, so concurrent batches add up.
 */
export async function storeEvents(db: Db, visit: string, batch: EventBatch, now: number, max: number): Promise<boolean> {
  const rows = batch.events.map((event) => ({
    seq: event.seq,
    flow: event.flow,
    version: event.version,
    variant: event.variant,
    kind: event.kind,
    step: event.step ?? null,
    by: event.by ?? null,
    lang: event.lang,
    // An event is never later than its batch.
    at: new Date(now - Math.max(0, batch.sentAt - event.at)).toISOString(),
  }));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1::text, 21))', [visit]);
    const { rows: counts } = await tx.query<{ stored: number; added: number }>(
      `SELECT (SELECT count(*)::int FROM funnel_events WHERE visit_id = $1::uuid) AS stored,
              (SELECT count(DISTINCT s)::int FROM unnest($2::int[]) AS s
               WHERE NOT EXISTS (SELECT 1 FROM funnel_events f WHERE f.visit_id = $1::uuid AND f.seq = s)) AS added`,
      [visit, rows.map((r) => r.seq)],
    );
    const { stored = 0, added = 0 } = counts[0] ?? {};
    if (added === 0) return true;
    if (stored + added > max) return false;
    await tx.query(
      `INSERT INTO funnel_events (visit_id, seq, flow_id, flow_version, variant, kind, step_id, left_by, lang, utm_source, utm_campaign, gclid, occurred_at)
       SELECT $1::uuid, e.seq, e.flow, e.version, e.variant, e.kind, e.step, e.by, e.lang, $2, $3, $4, e.at
       FROM jsonb_to_recordset($5::jsonb) AS e(seq integer, flow text, version integer, variant text, kind text, step text, by text, lang text, at timestamptz)
       ON CONFLICT (visit_id, seq) DO NOTHING`,
      [visit, batch.utmSource ?? null, batch.utmCampaign ?? null, batch.gclid, JSON.stringify(rows)],
    );
    return true;
  });
}
