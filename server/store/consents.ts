// Consent evidence: append-only records of who agreed to which wording, where and when, and the TCPA rows that use them.
import type { ConsentWording } from '../consent-text.ts';
import type { Queryable } from '../db/db.ts';
import { ensureConsentText } from './consent-texts.ts';

/** What the request tells about the consent; the wording itself is stored once, in consent_texts. */
export interface NewConsentRecord {
  kind: 'lead' | 'tcpa';
  wording: ConsentWording;
  locale: string | undefined;
  flowId: string | undefined;
  flowVersion: number | undefined;
  /** The arm of the flow's A/B test ('' or undefined: none). */
  flowVariant?: string;
  pageUrl: string | undefined;
  /** E.164 */
  phone: string;
  verificationId: number | undefined;
  trustedFormCert: string | undefined;
  trustedFormPingUrl: string | undefined;
  /** When the request arrived, ms since the epoch (UTC). */
  consentedAtMs: number;
  ip: string;
  userAgent: string | undefined;
}

/** The record, with its wording's stored version: no row when the wording is new (not in consent_texts yet). */
const INSERT_RECORD = `INSERT INTO consent_records (kind, consent_text_id, text_version, text_sha256, verification_id, locale, flow_id,
    flow_version, consented_at_ms, ip, user_agent, page_url, phone, trusted_form_cert, trusted_form_ping_url, flow_variant)
  SELECT $1, t.id, t.version, t.sha256, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16
  FROM consent_texts t WHERE t.text_key = $2 AND t.locale = $3 AND t.sha256 = $4
  RETURNING id`;

/** Stores the record (and its wording's version, if new); returns the record's id. Run in the caller's transaction. */
export async function insertConsentRecord(tx: Queryable, c: NewConsentRecord): Promise<number> {
  const params = [
    c.kind,
    c.wording.key,
    c.wording.locale,
    c.wording.sha256,
    c.verificationId ?? null,
    c.locale ?? null,
    c.flowId ?? null,
    c.flowVersion ?? null,
    c.consentedAtMs,
    c.ip,
    c.userAgent ?? null,
    c.pageUrl ?? null,
    c.phone,
    c.trustedFormCert ?? null,
    c.trustedFormPingUrl ?? null,
    c.flowVariant || null,
  ];
  let { rows } = await tx.query<{ id: number }>(INSERT_RECORD, params);
  if (!rows[0]) {
    await ensureConsentText(tx, c.wording);
    ({ rows } = await tx.query<{ id: number }>(INSERT_RECORD, params));
  }
  if (!rows[0]) throw new Error('consent record insert returned no row');
  return rows[0].id;
}

export interface NewTcpaConsent {
  token: string;
  funnel: string | undefined;
  phone: string;
  fields: Record<string, unknown>;
  tcpaMessage: string;
  consentRecordId: number;
}

export async function insertTcpaConsent(tx: Queryable, c: NewTcpaConsent, ip: string, userAgent: string | undefined): Promise<void> {
  await tx.query(
    `INSERT INTO tcpa_consents (token, funnel, phone, fields, tcpa_message, ip, user_agent, consent_record_id)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)`,
    [c.token, c.funnel ?? null, c.phone, JSON.stringify(c.fields), c.tcpaMessage, ip, userAgent ?? null, c.consentRecordId],
  );
}

/**
 * Deletes the TCPA rows and consent records made more than `years` years ago by the database's clock (the one migration
 * 0018's triggers check), erased leads letting go of their records first (their rows stay, for counts); a record a
 * lead with personal data still refers to stays until that lead is erased. Returns the records deleted.
 */
export async function purgeConsentRecords(tx: Queryable, years: number): Promise<number> {
  const old = 'now() - make_interval(years => $1)';
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
}
