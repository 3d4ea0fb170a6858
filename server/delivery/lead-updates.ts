// lead.updated deliveries: when a lead's call time or account of the accident changes, each sponsor that already got
// the lead gets a lead.updated message (one statement, in the update's own transaction; wake the deliverer after it).
import type { Queryable } from '../db/db.ts';

export type UpdateReason = 'call-time' | 'accident-reason';

/** Adds a lead.updated delivery for every sponsor that got one of these leads (none before the lead is routed). */
export async function queueLeadUpdates(tx: Queryable, leadIds: readonly number[], reason: UpdateReason): Promise<void> {
  await tx.query(
    `INSERT INTO deliveries (lead_id, sponsor_id, type, reason, certificate_url)
     SELECT lead_id, sponsor_id, 'lead.updated', $2, certificate_url FROM deliveries
     WHERE lead_id = ANY($1::bigint[]) AND type = 'lead.created' AND status <> 'off'`,
    [[...new Set(leadIds)], reason],
  );
}
