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

/**
 * The INSERT of a consent record (RETURNING id) with its parameters numbered from $first: it reads the stored version
 * of the wording in the same statement, and so inserts nothing while the wording is not stored yet.
 */
export function consentRecordInsert(c: NewConsentRecord, first = 1): { sql: string; params: unknown[] } {
  const $ = (n: number) => `$${first + n}`;
  return {
    sql: `INSERT INTO consent_records (kind, consent_text_id, text_version, text_sha256, locale, flow_id, flow_version,
       consented_at_ms, ip, user_agent, page_url, phone, verification_id, trusted_form_cert, trusted_form_ping_url)
     SELECT ${$(0)}, t.id, t.version, t.sha256, ${$(4)}, ${$(5)}, ${$(6)}::integer, ${$(7)}::bigint, ${$(8)}, ${$(9)}, ${$(10)},
       ${$(11)}, ${$(12)}::bigint, ${$(13)}, ${$(14)}
     FROM consent_texts t WHERE t.text_key = ${$(1)} AND t.locale = ${$(2)} AND t.sha256 = ${$(3)}
     RETURNING id`,
    params: [
      c.kind, c.wording.key, c.wording.locale, c.wording.sha256, c.locale ?? null, c.flowId ?? null, c.flowVersion ?? null,
      c.consentedAtMs, c.ip, c.userAgent ?? null, c.pageUrl ?? null, c.phone, c.verificationId ?? null,
      c.trustedFormCert ?? null, c.trustedFormPingUrl ?? null,
    ],
  };
}

/**
 * Runs an insert built on consentRecordInsert, first storing the wording when the insert finds it new (rare: once per
 * wording); returns its rows. Run in the caller's transaction.
 */
export async function withConsentText<T>(tx: Queryable, wording: ConsentWording, insert: () => Promise<T[]>): Promise<T[]> {
  const rows = await insert();
  if (rows.length > 0) return rows;
  await ensureConsentText(tx, wording);
  return insert();
}

/** Stores the wording's version if new and the record; returns the record's id. Run in the caller's transaction. */
export async function insertConsentRecord(tx: Queryable, c: NewConsentRecord): Promise<number> {
  const { sql, params } = consentRecordInsert(c);
  const [row] = await withConsentText(tx, c.wording, async () => (await tx.query<{ id: string | number }>(sql, params)).rows);
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
