// Stores a batch of step events (POST /api/events) in one statement: each at the server's time of it (the browser's
// time shifted by the browser's offset when it sent the batch), once per (visit, number) however often it arrives.
import type { FromSchema } from 'json-schema-to-ts';
import type { Queryable } from '../db/db.ts';
import type batchSchema from '../../schemas/api/events.request.schema.json';

export type EventBatch = FromSchema<typeof batchSchema>;

export async function storeEvents(db: Queryable, batch: EventBatch, now: number): Promise<void> {
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
  await db.query(
    `INSERT INTO funnel_events (visit_id, seq, flow_id, flow_version, variant, kind, step_id, left_by, lang, utm_source, utm_campaign, gclid, occurred_at)
     SELECT $1::uuid, e.seq, e.flow, e.version, e.variant, e.kind, e.step, e.by, e.lang, $2, $3, $4, e.at
     FROM jsonb_to_recordset($5::jsonb) AS e(seq integer, flow text, version integer, variant text, kind text, step text, by text, lang text, at timestamptz)
     ON CONFLICT (visit_id, seq) DO NOTHING`,
    [batch.visit, batch.utmSource ?? null, batch.utmCampaign ?? null, batch.gclid, JSON.stringify(rows)],
  );
}
