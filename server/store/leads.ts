// Stores leads and reads them back in the shape the API returns.
import type { Queryable } from '../db/db.ts';
import { consentRecordInsert, withConsentText, type NewConsentRecord } from './consents.ts';
import { VERIFICATION_VALID_HOURS } from './verifications.ts';

/** What a lead says of itself, as submitted and as stored. */
export interface LeadFields {
  funnel: string;
  calcId: string | undefined;
  firstName: string;
  lastName: string;
  /** As typed in a submission; E.164 once stored. */
  phone: string;
  email: string;
  legalConsult: boolean;
  language: string;
  /** The validated request body, kept whole. */
  body: Record<string, unknown>;
}

export interface NewLead extends LeadFields {
  /** The phone_verifications row the lead was created under. */
  verificationId: number;
  /** The page-referrers header. */
  pageReferrers: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/** A lead as the API returns it: the body's fields (less businessUserToken and consent) with the stored, normalised columns. */
export interface Lead {
  id: number;
  funnel: string;
  calc_id: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  legal_consult: boolean;
  language: string;
  preferredCallTime: string | null;
  createdAt: string;
  accidentReason: string | null;
  [field: string]: unknown;
}

interface LeadRow {
  id: string | number;
  funnel: string;
  calc_id: string | null;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  legal_consult: boolean;
  language: string;
  body: Record<string, unknown>;
  preferred_call_time: string | null;
  accident_reason: string | null;
  created_at: Date;
}

const COLUMNS = `id, funnel, calc_id, first_name, last_name, phone, email, legal_consult, language, body,
  preferred_call_time, accident_reason, created_at`;

export function toLead(row: LeadRow): Lead {
  // The token is the business user's secret; the consent lives in its own record.
  const { businessUserToken: _token, consent: _consent, ...fields } = row.body;
  return {
    ...fields,
    // pg returns bigint as a string, PGlite as a number; ids stay far below 2^53.
    id: Number(row.id),
    funnel: row.funnel,
    calc_id: row.calc_id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    legal_consult: row.legal_consult,
    language: row.language,
    preferredCallTime: row.preferred_call_time,
    createdAt: row.created_at.toISOString(),
    accidentReason: row.accident_reason,
  };
}

/** Inserts a lead and its consent record (and the wording, when new), in one statement of the caller's transaction. */
export async function insertLead(tx: Queryable, l: NewLead, consent: NewConsentRecord): Promise<Lead> {
  const leadParams = [
    l.funnel, l.calcId ?? null, l.firstName, l.lastName, l.phone, l.email, l.legalConsult, l.language,
    JSON.stringify(l.body), l.verificationId, l.pageReferrers ?? null, l.ip, l.userAgent ?? null,
  ];
  const record = consentRecordInsert(consent, leadParams.length + 1);
  const sql = `WITH record AS (${record.sql})
     INSERT INTO leads (funnel, calc_id, first_name, last_name, phone, email, legal_consult, language, body,
       verification_id, consent_record_id, page_referrers, ip, user_agent)
     SELECT $1, $2, $3, $4, $5, $6, $7::boolean, $8, $9::jsonb, $10::bigint, record.id, $11, $12, $13 FROM record
     RETURNING ${COLUMNS}`;
  const params = [...leadParams, ...record.params];
  const [row] = await withConsentText(tx, consent.wording, async () => (await tx.query<LeadRow>(sql, params)).rows);
  if (!row) throw new Error('lead insert returned no row');
  return toLead(row);
}

export async function getLead(db: Queryable, id: number): Promise<Lead | undefined> {
  const { rows } = await db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads WHERE id = $1`, [id]);
  return rows[0] && toLead(rows[0]);
}

/**
 * Whether the visitor whose cookie id hashes to idHash holds a verification live at now (ms), and if so whether lead
 * id was created under it: 'unverified', 'not_found' (unknown, or another verification's), or 'own'.
 */
export async function leadOwnership(db: Queryable, idHash: string, id: number, now: number): Promise<'unverified' | 'not_found' | 'own'> {
  const { rows } = await db.query<{ lead_id: string | number | null }>(
    `SELECT l.id AS lead_id FROM phone_verifications v
     LEFT JOIN leads l ON l.id = $2 AND l.verification_id = v.id
     WHERE v.id_hash = $1 AND v.verified_at > $3::timestamptz - make_interval(hours => $4)`,
    [idHash, id, new Date(now).toISOString(), VERIFICATION_VALID_HOURS],
  );
  const row = rows[0];
  if (!row) return 'unverified';
  return row.lead_id === null ? 'not_found' : 'own';
}

/** Sets the 'tell us what happened' text of a lead, kept as plain text exactly as sent (a later call replaces it). */
export async function setAccidentReason(tx: Queryable, id: number, reason: string): Promise<Lead> {
  const { rows } = await tx.query<LeadRow>(
    `UPDATE leads SET accident_reason = $2, accident_reason_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, reason],
  );
  const row = rows[0];
  if (!row) throw new Error('lead vanished while being updated');
  return toLead(row);
}

/**
 * Sets the call time of every lead in ids, all created under the verification of verificationIdHash; changes nothing
 * and returns false when any id is unknown or another verification's. Run in a transaction (it may roll back).
 */
export async function setPreferredCallTime(tx: Queryable, ids: number[], time: string, verificationIdHash: string): Promise<boolean> {
  const unique = [...new Set(ids)];
  const placeholders = unique.map((_, i) => `$${i + 3}`).join(', ');
  const { rows } = await tx.query(
    `UPDATE leads SET preferred_call_time = $1
     WHERE id IN (${placeholders})
       AND verification_id = (SELECT id FROM phone_verifications WHERE id_hash = $2)
     RETURNING id`,
    [time, verificationIdHash, ...unique],
  );
  return rows.length === unique.length;
}

/** Whether every lead in ids was created under the verification of verificationIdHash (read only, before any change). */
export async function ownsLeads(db: Queryable, ids: number[], verificationIdHash: string): Promise<boolean> {
  const unique = [...new Set(ids)];
  const placeholders = unique.map((_, i) => `$${i + 2}`).join(', ');
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM leads
     WHERE id IN (${placeholders}) AND verification_id = (SELECT id FROM phone_verifications WHERE id_hash = $1)`,
    [verificationIdHash, ...unique],
  );
  return rows[0]?.n === unique.length;
}
