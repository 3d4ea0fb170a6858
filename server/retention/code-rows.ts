// SMS code rows, code-limit counts and phone verifications past their retention: the phones they name go with them.
import type { Queryable } from '../db/db.ts';

export interface PurgedCodeRows {
  codes: number;
  subjects: number;
  verifications: number;
}

/**
 * Deletes code rows sent before `before` (ms), limit events older than it, and the subjects (phones, addresses, ranges)
 * left with no event: retention is at least the limits' longest window, so no limit loses a count it still needs.
 * Verifications made before it keep only their phone's SHA-256, as /privacy's erasure leaves them: consent records
 * refer to them, and nothing reads their phone after a day (a lead, an update) or 15 minutes (/privacy).
 */
export async function purgeCodeRows(db: Queryable, before: number): Promise<PurgedCodeRows> {
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
  const verifications = await db.query(
    `UPDATE phone_verifications SET phone = 'sha256:' || encode(sha256(convert_to(phone, 'UTF8')), 'hex')
     WHERE verified_at < $1::timestamptz AND phone NOT LIKE 'sha256:%' RETURNING 1`,
    [cutoff],
  );
  return { codes: codes.rows.length, subjects: subjects.rows.length, verifications: verifications.rows.length };
}
