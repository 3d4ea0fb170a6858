// Consent evidence past its retention (at least the 5 years the FTC's Telemarketing Sales Rule asks): certificates,
// TCPA rows and consent records deleted, which migration 0018's triggers allow for rows 5 years old and nothing else.
// The evidence of a lead that still holds personal data (retained longer than its consent) stays until it is erased.
import type { Db } from '../db/db.ts';

/**
 * Deletes the evidence created more than `years` years ago by the database's clock (the one its triggers check), in one
 * transaction: erased leads let go of their records first (their rows stay, for counts). Returns the records deleted.
 */
export async function purgeConsentEvidence(db: Db, years: number): Promise<number> {
  return db.transaction(async (tx) => {
    const old = 'now() - make_interval(years => $1)';
    await tx.query(
      `DELETE FROM consent_certificates c USING leads l
       WHERE l.id = c.lead_id AND l.erased_at IS NOT NULL AND c.issued_at < ${old}`,
      [years],
    );
    await tx.query(`DELETE FROM tcpa_consents WHERE created_at < ${old}`, [years]);
    await tx.query(
      `UPDATE leads SET consent_record_id = NULL
       WHERE erased_at IS NOT NULL AND consent_record_id IN (SELECT id FROM consent_records WHERE created_at < ${old})`,
      [years],
    );
    const { rows } = await tx.query(
      `DELETE FROM consent_records r WHERE created_at < ${old}
         AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.consent_record_id = r.id)
         AND NOT EXISTS (SELECT 1 FROM tcpa_consents t WHERE t.consent_record_id = r.id)
       RETURNING 1`,
      [years],
    );
    return rows.length;
  });
}
