// SMS code rows, limit counts and phone verifications past their retention: the phones they name go with them.
import type { Queryable } from '../db/db.ts';
import { purgeLimitEvents } from '../limits/limit-events.ts';
import { keyedPhoneHash, type HashKey } from '../privacy/keyed-hash.ts';

export interface PurgedCodeRows {
  codes: number;
  limitEvents: number;
  verifications: number;
}

/**
 * Deletes code rows sent before `before` (ms) and the limit events no limit counts any more at now (purgeLimitEvents).
 * Verifications made before it keep only their phone's keyed hash under key, as /privacy's erasure leaves them:
 * consent records refer to them, and nothing reads their phone after a day (a lead, an update) or 15 minutes (/privacy).
 */
export async function purgeCodeRows(db: Queryable, now: number, before: number, key: HashKey): Promise<PurgedCodeRows> {
  const cutoff = new Date(before).toISOString();
  const codes = await db.query('DELETE FROM sms_codes WHERE created_at < $1::timestamptz RETURNING 1', [cutoff]);
  const limitEvents = await purgeLimitEvents(db, now, before);
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
  return { codes: codes.rows.length, limitEvents, verifications: verifications.rows.length };
}
