// A lead's personal data erased: on a person's request (/privacy, erase-person.ts) or at the end of its retention. The
// row stays (counts, the consent certificate and deliveries refer to it) with its personal columns cleared, erased_at
// set; its report alerts and their texts are deleted; its deliveries keep no copy of the lead, and those not yet sent
// never will be (erased). Consent evidence is not touched here (erase-person.ts hashes its phone).
import { deleteLeadsAlerts } from '../alerts/expire-alerts.ts';
import type { Queryable } from '../db/db.ts';
import { dropErasedLeadsCopies } from '../delivery/lead-updates.ts';
import { clearLeadsPersonalData } from '../store/leads.ts';

/** Erases these leads' personal data, in the caller's transaction; erasing twice changes nothing. */
export async function eraseLeads(tx: Queryable, leadIds: readonly number[]): Promise<void> {
  if (leadIds.length === 0) return;
  const ids = [...new Set(leadIds)];
  await clearLeadsPersonalData(tx, ids);
  await dropErasedLeadsCopies(tx, ids);
  await deleteLeadsAlerts(tx, ids);
}
