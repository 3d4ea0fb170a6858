// Passed SMS verifications, each bound to one visitor by the hash of the id in their cookie.
import type { Db, Queryable } from '../db/db.ts';

export const VERIFICATION_VALID_HOURS = 24;

export async function recordVerification(db: Queryable, phone: string, idHash: string): Promise<void> {
  await db.query('INSERT INTO phone_verifications (id_hash, phone) VALUES ($1, $2)', [idHash, phone]);
}

/** The row id of the visitor's verification when it is of this phone and recent enough to submit a lead. */
export async function liveVerificationOf(db: Db, idHash: string, phone: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: string | number }>(
    `SELECT id FROM phone_verifications
     WHERE id_hash = $1 AND phone = $2 AND verified_at > now() - make_interval(hours => $3)`,
    [idHash, phone, VERIFICATION_VALID_HOURS],
  );
  // pg returns bigint as a string, PGlite as a number.
  return rows[0] && Number(rows[0].id);
}
