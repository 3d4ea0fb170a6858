// A person's erasure (DELETE /api/privacy/data, CCPA/CPRA's right to delete): everything kept about their phone, in one
// transaction. Their leads are erased (erase-lead.ts: personal columns, report alerts, deliveries' copies), sponsors
// that may have got one are sent lead.deleted; the idempotency answers that hold their phone or email, their SMS code,
// the phone's limit counts, their STOP and unsubscribe link (nothing is texted to them any more) are deleted.
// Kept, as the law requires for 5 years: the consent evidence (consent records, wordings, certificates, /user/tcpa
// rows) and the verifications it refers to, with the phone replaced by its keyed hash (keyed-hash.ts: an HMAC under the
// server's key, its id beside it): a consent can still be proved for a phone one is shown, by whoever holds the key, and
// nobody without the key can tell the phone from it. (The certificates' signed payloads name it by a plain SHA-256,
// for buyers to check offline: see docs/privacy.md.)
import type { Queryable } from '../db/db.ts';
import { queueLeadDeletions } from '../delivery/lead-updates.ts';
import { deleteSubjects } from '../limits/limit-events.ts';
import { phoneSubjects } from '../limits/policies.ts';
import { forgetStops } from '../sms/stops.ts';
import { erasePhoneRows } from '../store/erase-phone.ts';
import { eraseLeads } from './erase-lead.ts';
import { keyedPhoneHash, type HashKeys } from './keyed-hash.ts';

export interface Erasure {
  erased: { leads: number; alerts: number };
  /** Sponsors sent lead.deleted (one per sponsor and lead). */
  sponsorsTold: number;
  consentsKept: number;
}

/** Erases what is kept about phone (E.164) at now, in the caller's transaction (its hash under keys' current key); wake the deliverer after it commits. */
export async function erasePerson(tx: Queryable, phone: string, keys: HashKeys, now: number): Promise<Erasure> {
  const { rows } = await tx.query<{ ids: number[]; emails: string[]; alerts: number }>(
    `SELECT coalesce(array_agg(id), '{}') AS ids, coalesce(array_agg(DISTINCT lower(email)) FILTER (WHERE email <> ''), '{}') AS emails,
       (SELECT count(*)::int FROM alerts WHERE phone = $1) AS alerts
     FROM leads WHERE phone = $1`,
    [phone],
  );
  const leadIds = rows[0]?.ids ?? [];
  const hashed = keyedPhoneHash(keys[0], phone);
  const sponsorsTold = await queueLeadDeletions(tx, leadIds, now);
  await eraseLeads(tx, leadIds);
  const consentsKept = await erasePhoneRows(tx, phone, rows[0]?.emails ?? [], hashed);
  await deleteSubjects(tx, phoneSubjects(phone));
  await forgetStops(tx, phone);
  return { erased: { leads: leadIds.length, alerts: rows[0]?.alerts ?? 0 }, sponsorsTold, consentsKept };
}
