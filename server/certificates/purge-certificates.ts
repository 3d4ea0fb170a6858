// Certificates past the retention of consent evidence (server/retention/consent-evidence.ts runs it).
import type { Queryable } from '../db/db.ts';

/** Deletes the certificates of erased leads issued more than `years` years ago by the database's clock. */
export async function purgeErasedLeadsCertificates(tx: Queryable, years: number): Promise<void> {
  await tx.query(
    `DELETE FROM consent_certificates c USING leads l
     WHERE l.id = c.lead_id AND l.erased_at IS NOT NULL AND c.issued_at < now() - make_interval(years => $1)`,
    [years],
  );
}
