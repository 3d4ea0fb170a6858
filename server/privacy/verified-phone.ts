// Who may see and erase data at /privacy: the visitor whose verification cookie holds a phone verification made in the
// last PRIVACY_VERIFICATION_MINUTES (a funnel's verification of yesterday, on a shared computer, opens nothing).
import type { Queryable } from '../db/db.ts';

export const PRIVACY_VERIFICATION_MINUTES = 15;

/**
 * The phone (E.164) of the visitor's verification (idHash, from their cookie) if it was made recently enough at now and
 * its phone was not erased since (then it is a hash, which never starts with '+').
 */
export async function recentlyVerifiedPhone(db: Queryable, idHash: string | undefined, now: number): Promise<string | undefined> {
  if (idHash === undefined) return undefined;
  const { rows } = await db.query<{ phone: string }>(
    `SELECT phone FROM phone_verifications
     WHERE id_hash = $1 AND phone LIKE '+%' AND verified_at > $2::timestamptz - make_interval(mins => $3)`,
    [idHash, new Date(now).toISOString(), PRIVACY_VERIFICATION_MINUTES],
  );
  return rows[0]?.phone;
}
