// SMS code rows and code-limit counts past their retention: the phones they name go with them.
import type { Queryable } from '../db/db.ts';

/**
 * Deletes code rows sent before `before` (ms), limit events older than it, and the subjects (phones, addresses, ranges)
 * left with no event. Retention is at least the limits' longest window, so no limit loses a count it still needs.
 */
export async function purgeCodeRows(db: Queryable, before: number): Promise<{ codes: number; subjects: number }> {
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
  return { codes: codes.rows.length, subjects: subjects.rows.length };
}
