// lead.updated deliveries: when a lead's call time or account of the accident changes, each sponsor that already got
// the lead gets a lead.updated message (one statement, in the update's own transaction; wake the deliverer after it).
// lead.deleted deliveries: when a person has their data erased (/privacy), each sponsor that may have got the lead.
import type { Queryable } from '../db/db.ts';

export type UpdateReason = 'call-time' | 'accident-reason';

/**
 * Adds a lead.updated delivery for every sponsor these leads were routed to (none before the lead is routed). One whose
 * lead.created is dead or off, or whose endpoint is off (a 410), is held back as that (never sent before a redrive,
 * which sends both in order): no sponsor hears of a lead it does not have, nor is sent to after it said Gone.
 */
export async function queueLeadUpdates(tx: Queryable, leadIds: readonly number[], reason: UpdateReason): Promise<void> {
  await tx.query(
    `INSERT INTO deliveries (lead_id, sponsor_id, type, reason, certificate_url, status)
     SELECT lead_id, sponsor_id, 'lead.updated', $2, certificate_url,
       CASE WHEN status IN ('dead', 'off') THEN status
         WHEN EXISTS (SELECT 1 FROM sponsor_endpoints_off o WHERE o.sponsor_id = c.sponsor_id) THEN 'off'
         ELSE 'pending' END
     FROM deliveries c
     WHERE lead_id = ANY($1::bigint[]) AND type = 'lead.created' AND status <> 'erased'`,
    [[...new Set(leadIds)], reason],
  );
}

/**
 * Adds a lead.deleted delivery ({ type, timestamp, data: { id } }, kept as sent) for every sponsor that may have got
 * one of these leads (its lead.created was tried at least once), before eraseLeads stops the ones never tried; how many.
 */
export async function queueLeadDeletions(tx: Queryable, leadIds: readonly number[], at: number): Promise<number> {
  const { rows } = await tx.query(
    `INSERT INTO deliveries (lead_id, sponsor_id, type, certificate_url, payload)
     SELECT lead_id, sponsor_id, 'lead.deleted', certificate_url,
       format('{"type":"lead.deleted","timestamp":%s,"data":{"id":%s}}', to_json($2::text), lead_id)
     FROM deliveries c
     WHERE lead_id = ANY($1::bigint[]) AND type = 'lead.created' AND attempts > 0
       AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = c.lead_id AND d.sponsor_id = c.sponsor_id AND d.type = 'lead.deleted')
     RETURNING 1`,
    [[...new Set(leadIds)], new Date(at).toISOString()],
  );
  return rows.length;
}

/** These leads' deliveries keep no copy of the lead, and those not yet sent never will be (erased); a lead.deleted keeps its own. */
export async function dropErasedLeadsCopies(tx: Queryable, leadIds: readonly number[]): Promise<void> {
  await tx.query(
    `UPDATE deliveries SET payload = NULL, status = CASE WHEN status = 'pending' THEN 'erased' ELSE status END
     WHERE lead_id = ANY($1::bigint[]) AND type <> 'lead.deleted'`,
    [leadIds],
  );
}
