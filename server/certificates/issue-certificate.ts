// Issues leads' consent certificates from their stored consent evidence, once: a second call answers the same ids.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { certificatePayload, type ConsentFacts } from './certificate-payload.ts';
import type { CertificateSigner } from './certificate-signer.ts';

export type { CertificateSigner } from './certificate-signer.ts';

interface FactsRow {
  certificate_id: string | null;
  lead_id: number;
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
  consented_at_ms: number;
  page_url: string | null;
  verified_at_ms: number | null;
  ip: string | null;
  user_agent: string | null;
}

// The leads' certificates, if issued, with everything a new one is made of, in one read.
const FACTS_SQL = `
  SELECT k.id AS certificate_id, l.id AS lead_id, l.phone, l.email, t.wording, t.text_key, t.locale AS wording_locale,
    r.text_version, r.text_sha256, r.locale, r.flow_id, r.flow_version, r.consented_at_ms, r.page_url,
    (extract(epoch FROM v.verified_at) * 1000)::bigint AS verified_at_ms, r.ip, r.user_agent
  FROM leads l
  JOIN consent_records r ON r.id = l.consent_record_id
  JOIN consent_texts t ON t.id = r.consent_text_id
  LEFT JOIN phone_verifications v ON v.id = r.verification_id
  LEFT JOIN consent_certificates k ON k.lead_id = l.id
  WHERE l.id = ANY($1::bigint[])`;

const factsOf = (row: FactsRow): ConsentFacts => ({
  leadId: row.lead_id,
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
  consentedAtMs: row.consented_at_ms,
  pageUrl: row.page_url,
  verifiedAtMs: row.verified_at_ms,
  ip: row.ip,
  userAgent: row.user_agent,
});

/**
 * The ids of leadIds' certificates, by lead id: each signed by signer and stored when the lead has none yet, all in two
 * statements (the router certifies a batch of leads at once). Run in the caller's transaction; two at once for one lead
 * store one certificate and answer its id.
 */
export async function issueCertificates(tx: Queryable, leadIds: readonly number[], signer: CertificateSigner): Promise<Map<number, string>> {
  const { rows } = await tx.query<FactsRow>(FACTS_SQL, [leadIds]);
  const ids = new Map(rows.filter((row) => row.certificate_id !== null).map((row) => [row.lead_id, row.certificate_id!]));
  const issuedAtMs = Date.now();
  const issued = rows
    .filter((row) => row.certificate_id === null)
    .map((row) => {
      // 128 random bits: certificates cannot be enumerated.
      const id = randomBytes(16).toString('base64url');
      const payload = JSON.stringify(certificatePayload(factsOf(row), id, signer.keyId, issuedAtMs));
      return { id, lead_id: row.lead_id, payload, signature: signer.sign(payload) };
    });
  if (issued.length > 0) {
    const inserted = await tx.query<{ lead_id: number; id: string }>(
      `INSERT INTO consent_certificates (id, lead_id, payload, signature, key_id, issued_at)
       SELECT c.id, c.lead_id, c.payload, c.signature, $2, $3::timestamptz
       FROM jsonb_to_recordset($1::jsonb) AS c(id text, lead_id bigint, payload text, signature text)
       ON CONFLICT (lead_id) DO NOTHING RETURNING lead_id, id`,
      [JSON.stringify(issued), signer.keyId, new Date(issuedAtMs).toISOString()],
    );
    for (const row of inserted.rows) ids.set(row.lead_id, row.id);
  }
  const taken = issued.filter((c) => !ids.has(c.lead_id)).map((c) => c.lead_id);
  if (taken.length > 0) {
    // Another transaction issued these first (and has committed: ON CONFLICT waited for it), seen by a new statement.
    const again = await tx.query<{ lead_id: number; id: string }>('SELECT lead_id, id FROM consent_certificates WHERE lead_id = ANY($1::bigint[])', [taken]);
    for (const row of again.rows) ids.set(row.lead_id, row.id);
  }
  const missing = leadIds.filter((id) => !ids.has(id));
  if (missing.length > 0) throw new Error(`no lead ${missing.join(', ')} to certify`);
  return ids;
}

/** The id of lead leadId's certificate (issueCertificates for one lead). */
export async function issueCertificate(tx: Queryable, leadId: number, signer: CertificateSigner): Promise<string> {
  return (await issueCertificates(tx, [leadId], signer)).get(leadId)!;
}

/** Where a person or a buyer reads certificate id: publicBase is the site's origin (PUBLIC_URL). */
export function certificateUrl(publicBase: string, id: string): string {
  return `${publicBase.replace(/\/+$/, '')}/certificates/${encodeURIComponent(id)}`;
}
