// Consent evidence past its retention (at least the 5 years the FTC's Telemarketing Sales Rule asks): certificates,
// TCPA rows and consent records deleted, which migration 0018's triggers allow for rows 5 years old and nothing else.
// The evidence of a lead that still holds personal data (retained longer than its consent) stays until it is erased.
import { purgeErasedLeadsCertificates } from '../certificates/purge-certificates.ts';
import type { Db } from '../db/db.ts';
import { purgeConsentRecords } from '../store/consents.ts';

/** Deletes the evidence created more than `years` years ago, in one transaction; returns the consent records deleted. */
export function purgeConsentEvidence(db: Db, years: number): Promise<number> {
  return db.transaction(async (tx) => {
    await purgeErasedLeadsCertificates(tx, years);
    return purgeConsentRecords(tx, years);
  });
}
