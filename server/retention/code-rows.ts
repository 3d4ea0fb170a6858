// SMS code rows, code-limit counts and phone verifications past their retention: the phones they name go with them.
import type { Queryable } from '../db/db.ts';
import { keyedPhoneHash, type HashKey } from '../privacy/keyed-hash.ts';

export interface PurgedCodeRows {
  codes: number;
  subjects: number;
  verifications: number;
}

/**
 * Deletes code rows sent before `before` (ms), limit events older than it, and the subjects (phones, addresses, ranges)
 * left with no event: retention is at least the limits' longest window, so no limit loses a count it still needs.
 * Verifications made before it keep only their phone's keyed hash under key, as /privacy's erasure leaves them: consent
 * records refer to them, and nothing reads their phone after a day (a lead, an update) or 15 minutes (/privacy).
 */
export async function purgeCodeRows(db: Queryable, before: number, key: HashKey): Promise<PurgedCodeRows> {
  const cutoff = new Date(before).toISOString();
  const codes = await db.query('DELETE FROM sms_codes WHERE created_at < $1::timestamptz RETURNING 1', [cutoff]);
  await db.query('DELETE FROM code_limit_events WHERE at < $1::timestamptz', [cutoff]);
  // A subject locked by a request under way is skipped: that request is adding an event to it.
  const subjects = await db.query(
    `DELETE FROM code_limit_subjects WHERE subject IN (
       SELECT subject FROM code_limit_subjects s
       WHERE NOT EXISTS (SELECT 1 FROM code_limit_events e WHERE e.subject = s.subject)
       FOR UPDATE SKIP LOCKED)
     RETURNING 1`,
  );
  // Clear phones start with '+' (E.164); a hash never does. The key is not the database's: each phone is hashed here.
  const { rows: phones } = await db.query<{ phone: string }>(
    "SELECT DISTINCT phone FROM phone_verifications WHERE verified_at < $1::timestamptz AND phone LIKE '+%'",
    [cutoff],
  );
  const verifications = await db.query(
    `UPDATE phone_verifications v SET phone = h.hashed FROM unnest($2::text[], $3::text[]) AS h(phone, hashed)
     WHERE v.phone = h.phone AND v.verified_at < $1::timestamptz RETURNING 1`,
    [cutoff, phones.map((r) => r.phone), phones.map((r) => keyedPhoneHash(key, r.phone))],
  );
  return { codes: codes.rows.length, subjects: subjects.rows.length, verifications: verifications.rows.length };
}
