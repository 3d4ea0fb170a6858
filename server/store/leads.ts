// Stores leads and reads them back in the shape the API returns.
import type { CallWindow } from '../call-times/call-window.ts';
import type { LeadTypeCall } from '../call-times/lead-call-times.ts';
import type { Queryable } from '../db/db.ts';
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
  /** The business user's token the lead came with (business-user-token), kept in a column of its own; never answered. */
  businessUserToken: string | undefined;
  /** The person's IANA time zone, and the windows of the lead types' AM/PM preferences, as of the lead's creation. */
  timeZone: string;
  leadTypeCalls: LeadTypeCall[];
}

/** A call window as the API answers it: ISO instants and the zone the person is called in (and shown the time in). */
export interface CallWindowAnswer {
  from: string;
  to: string;
  timeZone: string;
}

export const windowAnswer = ({ from, to }: CallWindow, timeZone: string): CallWindowAnswer => ({
  from: new Date(from).toISOString(),
  to: new Date(to).toISOString(),
  timeZone,
});

export interface NewLead extends LeadFields {
  /** The page-referrers header. */
  pageReferrers: string | undefined;
  ip: string;
  userAgent: string | undefined;
  /** The verification the lead is created under (phone_verifications.id) and its consent record. */
  verificationId: number;
  consentRecordId: number;
  /** When the request arrived (ms, the server's clock): the lead's created_at. */
  createdAtMs: number;
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
  /** The window preferredCallTime means; null until one is chosen. */
  callWindow: CallWindowAnswer | null;
  /** The window of each service of leadTypes, by service. */
  leadTypeWindows: Record<string, CallWindowAnswer>;
  createdAt: string;
  accidentReason: string | null;
  [field: string]: unknown;
}

interface LeadRow {
  id: number;
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
  time_zone: string | null;
  /** Instants as ms since the epoch. */
  call_from: number | null;
  call_to: number | null;
  /** Service -> [from, to] in ms since the epoch; null when none. */
  lead_type_calls: Record<string, [number, number]> | null;
  accident_reason: string | null;
  created_at: Date;
}

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;

/** A lead's row as LeadRow has it, but its lead types' windows (kept in lead_type_calls). */
const ROW_COLUMNS = `id, funnel, calc_id, first_name, last_name, phone, email, legal_consult, language, body,
  preferred_call_time, time_zone, ${epochMs('call_from')} AS call_from, ${epochMs('call_to')} AS call_to, accident_reason, created_at`;

const COLUMNS = `${ROW_COLUMNS},
  (SELECT jsonb_object_agg(c.service, jsonb_build_array(${epochMs('c.call_from')}, ${epochMs('c.call_to')}))
   FROM lead_type_calls c WHERE c.lead_id = leads.id) AS lead_type_calls`;

function toLead(row: LeadRow): Lead {
  // The token is the business user's secret; the consent lives in its own record.
  const { businessUserToken: _token, consent: _consent, ...fields } = row.body;
  // Assigned onto the body's copy: a literal that spreads it and repeats its keys takes V8's slow path (some 40 times
  // slower, for every lead created).
  return Object.assign(fields, {
    id: row.id,
    funnel: row.funnel,
    calc_id: row.calc_id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    legal_consult: row.legal_consult,
    language: row.language,
    preferredCallTime: row.preferred_call_time,
    callWindow:
      row.call_from === null || row.call_to === null || row.time_zone === null ? null : windowAnswer({ from: row.call_from, to: row.call_to }, row.time_zone),
    leadTypeWindows: Object.fromEntries(
      Object.entries(row.lead_type_calls ?? {}).map(([service, [from, to]]) => [service, windowAnswer({ from, to }, row.time_zone ?? 'UTC')]),
    ),
    createdAt: row.created_at.toISOString(),
    accidentReason: row.accident_reason,
  });
}

/**
 * Stores the lead and the windows of its lead types; answers it as stored (what getLead reads back). Run in the
 * transaction that stores its consent record.
 */
export async function insertLead(tx: Queryable, l: NewLead): Promise<Lead> {
  const { rows } = await tx.query<Omit<LeadRow, 'lead_type_calls'>>(
    `WITH lead AS (
       INSERT INTO leads (funnel, calc_id, first_name, last_name, phone, email, legal_consult, language, body, verification_id,
         consent_record_id, page_referrers, ip, user_agent, created_at, business_user_token, time_zone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17)
       RETURNING ${ROW_COLUMNS}
     ),
     type_calls AS (
       INSERT INTO lead_type_calls (lead_id, service, preference, call_from, call_to)
       SELECT lead.id, c.service, c.preference, c.call_from, c.call_to
       FROM lead CROSS JOIN jsonb_to_recordset($18::jsonb) AS c(service text, preference text, call_from timestamptz, call_to timestamptz)
     )
     SELECT * FROM lead`,
    [
      l.funnel,
      l.calcId ?? null,
      l.firstName,
      l.lastName,
      l.phone,
      l.email,
      l.legalConsult,
      l.language,
      JSON.stringify(l.body),
      l.verificationId,
      l.consentRecordId,
      l.pageReferrers ?? null,
      l.ip,
      l.userAgent ?? null,
      new Date(l.createdAtMs).toISOString(),
      l.businessUserToken ?? null,
      l.timeZone,
      JSON.stringify(
        l.leadTypeCalls.map((c) => ({
          service: c.service,
          preference: c.preference,
          call_from: new Date(c.from).toISOString(),
          call_to: new Date(c.to).toISOString(),
        })),
      ),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('lead insert stored nothing');
  // The windows as stored by the same statement, which cannot read them back.
  return toLead({ ...row, lead_type_calls: Object.fromEntries(l.leadTypeCalls.map((c) => [c.service, [c.from, c.to]])) });
}

export async function getLead(db: Queryable, id: number): Promise<Lead | undefined> {
  const { rows } = await db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads WHERE id = $1`, [id]);
  return rows[0] && toLead(rows[0]);
}

/**
 * The leads of ids that exist and were not erased, in one statement (the deliverer reads a batch's leads at once), in
 * no order.
 */
export async function getLeads(db: Queryable, ids: readonly number[]): Promise<Lead[]> {
  const { rows } = await db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads WHERE id = ANY($1::bigint[]) AND erased_at IS NULL`, [ids]);
  return rows.map(toLead);
}

/**
 * Whether the visitor whose cookie id hashes to idHash holds a verification live at now (ms), and if so whether lead
 * id was created under it: 'unverified', 'not_found' (unknown, or another verification's), or 'own'.
 */
export async function leadOwnership(db: Queryable, idHash: string, id: number, now: number): Promise<'unverified' | 'not_found' | 'own'> {
  const { rows } = await db.query<{ lead_id: number | null }>(
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
  const { rows } = await tx.query<LeadRow>(`UPDATE leads SET accident_reason = $2, accident_reason_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    reason,
  ]);
  const row = rows[0];
  if (!row) throw new Error('lead vanished while being updated');
  return toLead(row);
}

/**
 * Sets the call time of every lead in ids, with the window it means in the person's zone, all created under the
 * verification of verificationIdHash; changes nothing and returns false when any id is unknown or another
 * verification's. Run in a transaction (it may roll back).
 */
export async function setPreferredCallTime(tx: Queryable, ids: number[], time: string, window: CallWindowAnswer, verificationIdHash: string): Promise<boolean> {
  const unique = [...new Set(ids)];
  const placeholders = unique.map((_, i) => `$${i + 6}`).join(', ');
  const { rows } = await tx.query(
    `UPDATE leads SET preferred_call_time = $1, call_from = $3, call_to = $4, time_zone = $5
     WHERE id IN (${placeholders})
       AND verification_id = (SELECT id FROM phone_verifications WHERE id_hash = $2)
     RETURNING id`,
    [time, verificationIdHash, window.from, window.to, window.timeZone, ...unique],
  );
  return rows.length === unique.length;
}

/** The zone a lead's calls are in (null on a lead stored before zones were kept) and its body, to find one from. */
export async function zoneOfLead(db: Queryable, id: number): Promise<{ timeZone: string | null; body: Record<string, unknown> } | undefined> {
  const { rows } = await db.query<{ time_zone: string | null; body: Record<string, unknown> }>('SELECT time_zone, body FROM leads WHERE id = $1', [id]);
  const row = rows[0];
  return row && { timeZone: row.time_zone, body: row.body };
}

/** Clears these leads' personal columns and sets erased_at (kept if set): the rows stay for counts and evidence. */
export async function clearLeadsPersonalData(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query(
    `UPDATE leads SET first_name = '', last_name = '', phone = '', email = '', body = '{}', ip = NULL, user_agent = NULL,
       accident_reason = NULL, page_referrers = NULL, erased_at = coalesce(erased_at, now())
     WHERE id = ANY($1::bigint[])`,
    [ids],
  );
}

/** Marks these leads routed (their deliveries are queued in the same transaction). */
export async function markLeadsRouted(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query('UPDATE leads SET routed_at = now() WHERE id = ANY($1::bigint[])', [ids]);
}
