// Whether a phone passed SMS verification recently enough to submit a lead.
import type { Db } from '../db/db.ts';

export const VERIFICATION_VALID_HOURS = 24;

export async function isPhoneVerified(db: Db, phone: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM phone_verifications
     WHERE phone = $1 AND verified_at > now() - make_interval(hours => $2) LIMIT 1`,
    [phone, VERIFICATION_VALID_HOURS],
  );
  return rows.length > 0;
}
