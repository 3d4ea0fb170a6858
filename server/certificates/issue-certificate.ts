// Issues a lead's consent certificate from its stored consent evidence, once: a second call answers the same id.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { certificatePayload, type ConsentFacts } from './certificate-payload.ts';
import type { CertificateSigner } from './certificate-signer.ts';

export type { CertificateSigner } from './certificate-signer.ts';

interface FactsRow {
  certificate_id: string | null;
  lead_id: string | number;
  phone: string;
  email: string;
  wording: string;
  text_key: string;
  wording_locale: string;
  text_version: number;
  text_sha256: string;
  locale: string | null;
  flow_id: string | null;
  flow_version: number | null;
  consented_at_ms: string | number;
  page_url: string | null;
  verified_at_ms: string | number | null;
  ip: string | null;
  user_agent: string | null;
}

// The lead's certificate, if issued, with everything a new one is made of, in one read.
const FACTS_SQL = `
  SELECT k.id AS certificate_id, l.id AS lead_id, l.phone, l.email, t.wording, t.text_key, t.locale AS wording_locale,
    r.text_version, r.text_sha256, r.locale, r.flow_id, r.flow_version, r.consented_at_ms, r.page_url,
    (extract(epoch FROM v.verified_at) * 1000)::bigint AS verified_at_ms, r.ip, r.user_agent
  FROM leads l
  JOIN consent_records r ON r.id = l.consent_record_id
  JOIN consent_texts t ON t.id = r.consent_text_id
  LEFT JOIN phone_verifications v ON v.id = r.verification_id
  LEFT JOIN consent_certificates k ON k.lead_id = l.id
  WHERE l.id = $1`;

// pg returns bigint as a string, PGlite as a number.
const factsOf = (row: FactsRow): ConsentFacts => ({
  leadId: Number(row.lead_id),
  phone: row.phone,
  email: row.email,
  wording: row.wording,
  wordingKey: row.text_key,
  wordingLocale: row.wording_locale,
  wordingVersion: row.text_version,
  wordingSha256: row.text_sha256,
  locale: row.locale,
  flowId: row.flow_id,
  flowVersion: row.flow_version,
  consentedAtMs: Number(row.consented_at_ms),
  pageUrl: row.page_url,
  verifiedAtMs: row.verified_at_ms === null ? null : Number(row.verified_at_ms),
  ip: row.ip,
  userAgent: row.user_agent,
});

/**
 * The id of lead leadId's certificate, signed by signer and stored when it has none yet. Run in the caller's
 * transaction; two at once for one lead store one certificate and answer its id.
 */
export async function issueCertificate(tx: Queryable, leadId: number, signer: CertificateSigner): Promise<string> {
  const { rows } = await tx.query<FactsRow>(FACTS_SQL, [leadId]);
  const row = rows[0];
  if (!row) throw new Error(`no lead ${leadId} to certify`);
  if (row.certificate_id !== null) return row.certificate_id;
  // 128 random bits: certificates cannot be enumerated.
  const id = randomBytes(16).toString('base64url');
  const issuedAtMs = Date.now();
  const payload = JSON.stringify(certificatePayload(factsOf(row), id, signer.keyId, issuedAtMs));
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO consent_certificates (id, lead_id, payload, signature, key_id, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
     ON CONFLICT (lead_id) DO NOTHING RETURNING id`,
    [id, leadId, payload, signer.sign(payload), signer.keyId, new Date(issuedAtMs).toISOString()],
  );
  if (inserted.rows[0]) return inserted.rows[0].id;
  // Another transaction issued it first (and has committed: ON CONFLICT waited for it).
  const again = await tx.query<{ id: string }>('SELECT id FROM consent_certificates WHERE lead_id = $1', [leadId]);
  if (!again.rows[0]) throw new Error(`lead ${leadId}'s certificate vanished`);
  return again.rows[0].id;
}

/** Where a person or a buyer reads certificate id: publicBase is the site's origin (PUBLIC_URL). */
export function certificateUrl(publicBase: string, id: string): string {
  return `${publicBase.replace(/\/+$/, '')}/certificates/${encodeURIComponent(id)}`;
}
