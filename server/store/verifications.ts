// Passed SMS verifications, each bound to one visitor by the hash of the id in their cookie.
import type { Queryable } from '../db/db.ts';

export const VERIFICATION_VALID_HOURS = 24;

/**
 * Who the sender is to the phone: a stranger (none); known, the number took a lead or was verified before, so it is a
 * person's and not a number bought for pumping (its range and country no longer count against it); owner, this very
 * browser verified it in the last day (only its address's own limits count).
 */
export type SendTrust = 'none' | 'known' | 'owner';

/** Records a verification made at `at` (ms since the epoch; the server's clock, not the database's). */
export async function recordVerification(db: Queryable, phone: string, idHash: string, at: number = Date.now()): Promise<void> {
  await db.query('INSERT INTO phone_verifications (id_hash, phone, verified_at) VALUES ($1, $2, $3::timestamptz)', [idHash, phone, new Date(at).toISOString()]);
}

/** The row id of the visitor's verification when it is of this phone and recent enough, at `now`, to submit a lead. */
export async function liveVerificationOf(db: Queryable, idHash: string, phone: string, now: number = Date.now()): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM phone_verifications
     WHERE id_hash = $1 AND phone = $2 AND verified_at > $3::timestamptz - make_interval(hours => $4)`,
    [idHash, phone, new Date(now).toISOString(), VERIFICATION_VALID_HOURS],
  );
  return rows[0]?.id;
}

/**
 * How the requester of a code stands to the phone: owner when idHash (their cf_verification) verified it in the last
 * day; known when the number was verified before or took a lead (a person's, not one bought for pumping); else none.
 */
export async function sendTrust(db: Queryable, phone: string, idHash: string | undefined, now: number): Promise<SendTrust> {
  if (idHash !== undefined && (await liveVerificationOf(db, idHash, phone, now)) !== undefined) return 'owner';
  const { rows } = await db.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM phone_verifications WHERE phone = $1) OR EXISTS (SELECT 1 FROM leads WHERE phone = $1) AS known',
    [phone],
  );
  return rows[0]?.known === true ? 'known' : 'none';
}
