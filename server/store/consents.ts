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

/** A consent record's own columns (besides its wording's), in the order of CONSENT_RECORD_TYPES. */
const RECORD_COLUMNS = [
  'kind', 'locale', 'flow_id', 'flow_version', 'consented_at_ms', 'ip', 'user_agent', 'page_url', 'phone',
  'trusted_form_cert', 'trusted_form_ping_url',
];

/** The column definitions (for jsonb_to_record and jsonb_to_recordset) of consentRecordRow's fields. */
export const CONSENT_RECORD_TYPES = `kind text, locale text, flow_id text, flow_version integer, consented_at_ms bigint, ip text,
  user_agent text, page_url text, phone text, trusted_form_cert text, trusted_form_ping_url text, text_key text, text_locale text,
  text_sha256 text`;

/** A consent record as a row of JSON for consentRecordsInsert (its verification id aside). */
export function consentRecordRow(c: NewConsentRecord): Record<string, unknown> {
  return {
    kind: c.kind, locale: c.locale ?? null, flow_id: c.flowId ?? null, flow_version: c.flowVersion ?? null,
    consented_at_ms: c.consentedAtMs, ip: c.ip, user_agent: c.userAgent ?? null, page_url: c.pageUrl ?? null, phone: c.phone,
    trusted_form_cert: c.trustedFormCert ?? null, trusted_form_ping_url: c.trustedFormPingUrl ?? null,
    text_key: c.wording.key, text_locale: c.wording.locale, text_sha256: c.wording.sha256,
  };
}

/**
 * The INSERT (RETURNING id) of one consent record per row of the FROM item rows, which has consentRecordRow's columns,
 * verification_id and record_id (the record's id, taken from the sequence by the caller's SQL). Each record reads the
 * stored version of its wording in the same statement: a row whose wording is not stored yet inserts nothing.
 */
export function consentRecordsInsert(rows: string): string {
  return `INSERT INTO consent_records (id, consent_text_id, text_version, text_sha256, verification_id, ${RECORD_COLUMNS.join(', ')})
     OVERRIDING SYSTEM VALUE
     SELECT r.record_id, t.id, t.version, t.sha256, r.verification_id, ${RECORD_COLUMNS.map((c) => `r.${c}`).join(', ')}
     FROM ${rows} r
     JOIN consent_texts t ON t.text_key = r.text_key AND t.locale = r.text_locale AND t.sha256 = r.text_sha256
     RETURNING id`;
}

/** The next id of the consent records' sequence, as SQL. */
export const NEXT_CONSENT_RECORD_ID = "nextval(pg_get_serial_sequence('consent_records', 'id'))";

/** Stores the wording's version if new and the record; returns the record's id. Run in the caller's transaction. */
export async function insertConsentRecord(tx: Queryable, c: NewConsentRecord): Promise<number> {
  const sql = `WITH r AS (
       SELECT *, ${NEXT_CONSENT_RECORD_ID} AS record_id FROM jsonb_to_record($1::jsonb) AS x(${CONSENT_RECORD_TYPES}, verification_id bigint)
     )
     ${consentRecordsInsert('r')}`;
  const params = [JSON.stringify({ ...consentRecordRow(c), verification_id: c.verificationId ?? null })];
  const insert = async () => (await tx.query<{ id: string | number }>(sql, params)).rows[0];
  // Nothing inserted: the wording is new (once per wording).
  const row = (await insert()) ?? (await ensureConsentText(tx, c.wording), await insert());
  if (!row) throw new Error('consent record insert returned no row');
  // pg returns bigint as a string, PGlite as a number.
  return Number(row.id);
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
