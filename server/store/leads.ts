// Stores leads and reads them back in the shape the API returns.
import type { Db, Queryable } from '../db/db.ts';

export interface NewLead {
  funnel: string;
  calcId: string | undefined;
  firstName: string;
  lastName: string;
  /** E.164 */
  phone: string;
  email: string;
  legalConsult: boolean;
  language: string;
  /** The validated request body, kept whole. */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  /** The phone_verifications row the lead was created under. */
  verificationId: number;
  ip: string;
  userAgent: string | undefined;
}

/** A lead as the API returns it: the body's fields (less businessUserToken) with the stored, normalised columns. */
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
  created_at: Date;
}

const COLUMNS = `id, funnel, calc_id, first_name, last_name, phone, email, legal_consult, language, body,
  preferred_call_time, created_at`;

export function toLead(row: LeadRow): Lead {
  const { businessUserToken: _token, ...fields } = row.body;
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
  };
}

/** Inserts a lead; with an idempotency key already used, returns the earlier lead instead of adding one. */
export async function insertLead(db: Db, l: NewLead): Promise<Lead> {
  const { rows } = await db.query<LeadRow>(
    `INSERT INTO leads (funnel, calc_id, first_name, last_name, phone, email, legal_consult, language, body,
       idempotency_key, verification_id, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13)
     ON CONFLICT (phone, idempotency_key) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      l.funnel, l.calcId ?? null, l.firstName, l.lastName, l.phone, l.email, l.legalConsult, l.language,
      JSON.stringify(l.body), l.idempotencyKey ?? null, l.verificationId, l.ip, l.userAgent ?? null,
    ],
  );
  const row = rows[0];
  if (row) return toLead(row);
  const earlier = l.idempotencyKey === undefined ? undefined : await findLeadByIdempotencyKey(db, l.phone, l.idempotencyKey);
  if (!earlier) throw new Error('lead insert returned no row');
  return earlier;
}

export async function getLead(db: Queryable, id: number): Promise<Lead | undefined> {
  const { rows } = await db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads WHERE id = $1`, [id]);
  return rows[0] && toLead(rows[0]);
}

/** Keys are scoped to the phone, so a guessed key never returns someone else's lead. */
export async function findLeadByIdempotencyKey(db: Queryable, phone: string, key: string): Promise<Lead | undefined> {
  const { rows } = await db.query<LeadRow>(
    `SELECT ${COLUMNS} FROM leads WHERE phone = $1 AND idempotency_key = $2`,
    [phone, key],
  );
  return rows[0] && toLead(rows[0]);
}

/**
 * Sets the call time of every lead in ids, all created under the verification of verificationIdHash; changes nothing
 * and returns false when any id is unknown or another verification's.
 */
export function setPreferredCallTime(db: Db, ids: number[], time: string, verificationIdHash: string): Promise<boolean> {
  const unique = [...new Set(ids)];
  const placeholders = unique.map((_, i) => `$${i + 3}`).join(', ');
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE leads SET preferred_call_time = $1
       WHERE id IN (${placeholders})
         AND verification_id = (SELECT id FROM phone_verifications WHERE id_hash = $2)
       RETURNING id`,
      [time, verificationIdHash, ...unique],
    );
    if (rows.length === unique.length) return true;
    throw new UnknownLeads();
  }).catch((error: unknown) => {
    if (error instanceof UnknownLeads) return false;
    throw error;
  });
}

class UnknownLeads extends Error {}
