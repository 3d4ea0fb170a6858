// Passed SMS verifications, each bound to one visitor by the hash of the id in their cookie.
import type { Queryable } from '../db/db.ts';

export const VERIFICATION_VALID_HOURS = 24;

/** Records a verification made at `at` (ms since the epoch; the server's clock, not the database's). */
export async function recordVerification(db: Queryable, phone: string, idHash: string, at: number = Date.now()): Promise<void> {
  await db.query('INSERT INTO phone_verifications (id_hash, phone, verified_at) VALUES ($1, $2, $3::timestamptz)', [
    idHash,
    phone,
    new Date(at).toISOString(),
  ]);
}

/** The row id of the visitor's verification when it is of this phone and recent enough, at `now`, to submit a lead. */
export async function liveVerificationOf(db: Queryable, idHash: string, phone: string, now: number = Date.now()): Promise<number | undefined> {
  const { rows } = await db.query<{ id: string | number }>(
    `SELECT id FROM phone_verifications
     WHERE id_hash = $1 AND phone = $2 AND verified_at > $3::timestamptz - make_interval(hours => $4)`,
    [idHash, phone, new Date(now).toISOString(), VERIFICATION_VALID_HOURS],
  );
  // pg returns bigint as a string, PGlite as a number.
  return rows[0] && Number(rows[0].id);
}
