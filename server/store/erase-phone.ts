// A phone in the store's tables at its owner's erasure (server/privacy/erase-person.ts): what is kept only for a while
// goes, and the consent evidence the law keeps for 5 years names the phone by its keyed hash from now on.
import type { Queryable } from '../db/db.ts';

/**
 * Deletes the phone's SMS code and the Idempotency-Key answers (48 hours at most) that hold it or one of emails; gives
 * its verifications, TCPA rows and consent records the hash in its place. Returns the consent records kept.
 */
export async function erasePhoneRows(tx: Queryable, phone: string, emails: readonly string[], hashed: string): Promise<number> {
  await tx.query(
    `DELETE FROM idempotency_keys WHERE strpos(response, $1) > 0 OR EXISTS (SELECT 1 FROM unnest($2::text[]) e WHERE strpos(lower(response), e) > 0)`,
    [phone, emails],
  );
  const { rows } = await tx.query<{ n: number }>(
    `WITH codes AS (DELETE FROM sms_codes WHERE phone = $1),
     verifications AS (UPDATE phone_verifications SET phone = $2 WHERE phone = $1),
     tcpa AS (UPDATE tcpa_consents SET phone = $2, fields = '{}' WHERE phone = $1),
     kept AS (UPDATE consent_records SET phone = $2 WHERE phone = $1 RETURNING 1)
     SELECT count(*)::int AS n FROM kept`,
    [phone, hashed],
  );
  return rows[0]?.n ?? 0;
}
