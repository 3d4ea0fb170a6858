// A lead's personal data erased: on a person's request (/privacy, erase-person.ts) or at the end of its retention. The
// row stays (counts, the consent certificate and deliveries refer to it) with its personal columns cleared, erased_at
// set; its report alerts and their texts are deleted; its deliveries keep no copy of the lead, and those not yet sent
// never will be (erased). Consent evidence is not touched here (erase-person.ts hashes its phone).
import type { Queryable } from '../db/db.ts';

/** Erases these leads' personal data, in the caller's transaction (one statement); erasing twice changes nothing. */
export async function eraseLeads(tx: Queryable, leadIds: readonly number[]): Promise<void> {
  if (leadIds.length === 0) return;
  await tx.query(
    `WITH erased AS (
       UPDATE leads SET first_name = '', last_name = '', phone = '', email = '', body = '{}', ip = NULL, user_agent = NULL,
         accident_reason = NULL, page_referrers = NULL, erased_at = coalesce(erased_at, now())
       WHERE id = ANY($1::bigint[])
     ),
     unsent AS (
       UPDATE deliveries SET payload = NULL, status = CASE WHEN status = 'pending' THEN 'erased' ELSE status END
       WHERE lead_id = ANY($1::bigint[]) AND type <> 'lead.deleted'
     ),
     alert_ids AS (SELECT id FROM alerts WHERE lead_id = ANY($1::bigint[])),
     texts AS (DELETE FROM alert_texts WHERE alert_id IN (SELECT id FROM alert_ids)),
     endings AS (DELETE FROM alert_endings WHERE alert_id IN (SELECT id FROM alert_ids))
     DELETE FROM alerts WHERE id IN (SELECT id FROM alert_ids)`,
    [[...new Set(leadIds)]],
  );
}
