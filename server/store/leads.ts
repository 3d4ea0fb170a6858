// Stores leads and reads them back in the shape the API returns.
import { alertInsertCtes, type AlertWithReports } from '../alerts/alert-rows.ts';
import type { CallWindow } from '../call-times/call-window.ts';
import type { LeadTypeCall } from '../call-times/lead-call-times.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ensureConsentText } from './consent-texts.ts';
import { batcher } from '../db/batcher.ts';
import { CONSENT_RECORD_TYPES, consentRecordRow, consentRecordsInsert, NEXT_CONSENT_RECORD_ID, type NewConsentRecord } from './consents.ts';
import { earlierOf, isKeyTaken, keyStatesSql, type Earlier, type KeyState } from './idempotency-keys.ts';
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
  /** The report alert created with the lead (POST /leads/create), if any. */
  alert?: AlertWithReports;
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
  time_zone: string | null;
  /** Instants as ms since the epoch (numbers from JSON, strings from pg's bigint). */
  call_from: number | string | null;
  call_to: number | string | null;
  /** Service -> [from, to] in ms since the epoch; null when none. */
  lead_type_calls: Record<string, [number, number]> | null;
  accident_reason: string | null;
  created_at: Date;
}

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;

const COLUMNS = `id, funnel, calc_id, first_name, last_name, phone, email, legal_consult, language, body,
  preferred_call_time, time_zone, ${epochMs('call_from')} AS call_from, ${epochMs('call_to')} AS call_to,
  (SELECT jsonb_object_agg(c.service, jsonb_build_array(${epochMs('c.call_from')}, ${epochMs('c.call_to')}))
   FROM lead_type_calls c WHERE c.lead_id = leads.id) AS lead_type_calls,
  accident_reason, created_at`;

export function toLead(row: LeadRow): Lead {
  // The token is the business user's secret; the consent lives in its own record.
  const { businessUserToken: _token, consent: _consent, ...fields } = row.body;
  // Assigned onto the body's copy: a literal that spreads it and repeats its keys takes V8's slow path (some 40 times
  // slower, for every lead created).
  return Object.assign(fields, {
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
    callWindow:
      row.call_from === null || row.call_to === null || row.time_zone === null
        ? null
        : windowAnswer({ from: Number(row.call_from), to: Number(row.call_to) }, row.time_zone),
    leadTypeWindows: Object.fromEntries(
      Object.entries(row.lead_type_calls ?? {}).map(([service, [from, to]]) => [service, windowAnswer({ from, to }, row.time_zone ?? 'UTC')]),
    ),
    createdAt: row.created_at.toISOString(),
    accidentReason: row.accident_reason,
  });
}

/** The request a lead is created for, once per key: the route, its Idempotency-Key (if any) and the request's hash. */
export interface LeadRequest {
  route: string;
  key: string | undefined;
  hash: string;
  /** The hash of the verification id in the visitor's cookie. */
  verificationIdHash: string;
  /** When the request arrived (ms, the server's clock): the lead's created_at and the verification's deadline. */
  now: number;
  /** The lead's id, taken ahead (nextLeadId). */
  id: number;
  /** The exact 200 answer, kept for retries with the key. */
  response: string;
}

export type LeadCreation = { kind: 'unverified' } | { kind: 'created' } | Exclude<Earlier, { kind: 'new' }>;

/** The lead as the API answers it once stored with this id at this time (what toLead will read back). */
export function storedLead(l: LeadFields, id: number, now: number): Lead {
  return toLead({
    id, funnel: l.funnel, calc_id: l.calcId ?? null, first_name: l.firstName, last_name: l.lastName, phone: l.phone,
    email: l.email, legal_consult: l.legalConsult, language: l.language, body: l.body, preferred_call_time: null,
    time_zone: l.timeZone, call_from: null, call_to: null,
    lead_type_calls: Object.fromEntries(l.leadTypeCalls.map((c) => [c.service, [c.from, c.to]])),
    accident_reason: null, created_at: new Date(now),
  });
}

export interface LeadToCreate {
  request: LeadRequest;
  lead: NewLead;
  consent: NewConsentRecord;
}

/** One lead to create as a row of JSON for CREATE_LEADS (n: its place in the batch); its phone, ip and user agent are its consent record's. */
const leadRow = ({ request: r, lead: l, consent }: LeadToCreate, n: number) => ({
  ...consentRecordRow(consent),
  n, id_hash: r.verificationIdHash, at: new Date(r.now).toISOString(), route: r.route, key: r.key ?? null, hash: r.hash,
  answer: r.response, id: r.id, funnel: l.funnel, calc_id: l.calcId ?? null, first_name: l.firstName, last_name: l.lastName,
  email: l.email, legal_consult: l.legalConsult, language: l.language, body: l.body, page_referrers: l.pageReferrers ?? null,
  alert: l.alert, business_user_token: l.businessUserToken ?? null, time_zone: l.timeZone,
  lead_type_calls: l.leadTypeCalls.map((c) => ({ service: c.service, preference: c.preference, call_from: new Date(c.from).toISOString(), call_to: new Date(c.to).toISOString() })),
});

/**
 * Creates each lead of $1 (rows of leadRow) with its consent record, keeping the answer for its key, in one statement:
 * only when the visitor's cookie holds a live verification of the lead's phone and the key is new and free. Answers
 * per lead (n) whether it was verified and created, and its key's state.
 */
const CREATE_LEADS = `WITH input AS (
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${CONSENT_RECORD_TYPES}, n integer, id_hash text, at timestamptz,
       route text, key text, hash text, answer text, id bigint, funnel text, calc_id text, first_name text, last_name text,
       email text, legal_consult boolean, language text, body jsonb, page_referrers text, alert jsonb,
       business_user_token text, time_zone text, lead_type_calls jsonb)
   ),
   v AS (
     SELECT input.n, pv.id FROM input CROSS JOIN LATERAL (
       SELECT id FROM phone_verifications pv
       WHERE pv.id_hash = input.id_hash AND pv.phone = input.phone AND pv.verified_at > input.at - make_interval(hours => $2)
       LIMIT 1
     ) pv
   ),
   k AS (${keyStatesSql('input')}),
   gate AS (
     SELECT k.*, v.id AS verification_id, ${NEXT_CONSENT_RECORD_ID} AS record_id
     FROM k JOIN v USING (n) WHERE k.locked AND k.request_hash IS NULL
   ),
   record AS (${consentRecordsInsert('gate')}),
   lead AS (
     INSERT INTO leads (id, funnel, calc_id, first_name, last_name, phone, email, legal_consult, language, body,
       verification_id, consent_record_id, page_referrers, ip, user_agent, created_at, business_user_token, time_zone)
     OVERRIDING SYSTEM VALUE
     SELECT g.id, g.funnel, g.calc_id, g.first_name, g.last_name, g.phone, g.email, g.legal_consult, g.language, g.body,
       g.verification_id, g.record_id, g.page_referrers, g.ip, g.user_agent, g.at, g.business_user_token, g.time_zone
     FROM gate g JOIN record ON record.id = g.record_id
     RETURNING id
   ),
   saved AS (
     INSERT INTO idempotency_keys (route, key, request_hash, status, response)
     SELECT g.route, g.key, g.hash, 200, g.answer FROM gate g JOIN lead ON lead.id = g.id WHERE g.key IS NOT NULL
   ),
   type_calls AS (
     INSERT INTO lead_type_calls (lead_id, service, preference, call_from, call_to)
     SELECT g.id, c.service, c.preference, c.call_from, c.call_to
     FROM gate g JOIN lead ON lead.id = g.id
       CROSS JOIN LATERAL jsonb_to_recordset(g.lead_type_calls) AS c(service text, preference text, call_from timestamptz, call_to timestamptz)
   ),
   lead_alert AS (SELECT g.id AS lead_id, g.phone, g.locale, g.alert FROM gate g JOIN lead ON lead.id = g.id),
   ${alertInsertCtes('lead_alert')}
   SELECT k.n, v.id IS NOT NULL AS verified, lead.id IS NOT NULL AS created, k.locked, k.request_hash, k.status, k.response
   FROM k LEFT JOIN v USING (n) LEFT JOIN gate USING (n) LEFT JOIN lead ON lead.id = gate.id
   ORDER BY k.n`;

/** What became of each lead of a batch; undefined for a lead whose wording is not stored yet (nothing was stored). */
async function createBatch(db: Queryable, batch: LeadToCreate[]): Promise<(LeadCreation | undefined)[]> {
  const { rows } = await db.query<KeyState & { verified: boolean; created: boolean }>(CREATE_LEADS, [
    JSON.stringify(batch.map(leadRow)),
    VERIFICATION_VALID_HOURS,
  ]);
  return batch.map((item, n) => {
    const row = rows[n];
    if (!row?.verified) return { kind: 'unverified' };
    if (row.created) return { kind: 'created' };
    const earlier = earlierOf(row, item.request.hash);
    // New and free, yet nothing stored: the wording is new.
    return earlier.kind === 'new' ? undefined : earlier;
  });
}

/**
 * Creates one lead alone, in a transaction of its own where build makes it (it may read first: a lead with an alert
 * looks for the reports on file). A key answered by another request after the statement's snapshot fails the key's
 * insert: the rerun replays it. A new wording is stored first (once per wording), then the statement runs again.
 */
export async function createLeadAlone(db: Db, build: (tx: Queryable) => Promise<LeadToCreate>): Promise<LeadCreation> {
  const once = () =>
    db.transaction(async (tx) => {
      const item = await build(tx);
      const created = (await createBatch(tx, [item]))[0];
      if (created) return created;
      await ensureConsentText(tx, item.consent.wording);
      const again = (await createBatch(tx, [item]))[0];
      if (!again) throw new Error('lead insert stored nothing');
      return again;
    });
  return once().catch((error: unknown) => {
    if (isKeyTaken(error)) return once();
    throw error;
  });
}

/**
 * Leads arriving together share a statement (and a commit): one round trip for many leads under load. A batch that
 * fails (two leads with one key, a key answered meanwhile) is undone whole and each of its leads is created alone, in
 * turn.
 */
const batchers = new WeakMap<Db, (item: LeadToCreate) => Promise<LeadCreation>>();

function leadBatcher(db: Db) {
  let create = batchers.get(db);
  if (!create) {
    create = batcher<LeadToCreate, LeadCreation>(
      async (batch) => {
        const results = await createBatch(db, batch).catch(() => batch.map(() => undefined));
        // One after another: leads of the batch that share a key then meet as a stored answer, not as a race.
        const creations: LeadCreation[] = [];
        for (const [n, item] of batch.entries()) creations.push(results[n] ?? (await createLeadAlone(db, () => Promise.resolve(item))));
        return creations;
      },
      // One statement at a time per process: those waiting meanwhile share the next (PGlite runs one at a time anyway).
      { concurrency: 1, maxSize: 100 },
    );
    batchers.set(db, create);
  }
  return create;
}

/**
 * Creates the lead and its consent record, and keeps the answer for the key, in one statement (its own transaction,
 * shared with the leads that arrive at the same time) — only when the visitor's cookie holds a live verification of
 * the lead's phone and the key is new and free; else says why not.
 */
export function createLead(db: Db, item: LeadToCreate): Promise<LeadCreation> {
  return leadBatcher(db)(item);
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
 * Sets the call time of every lead in ids, with the window it means in the person's zone, all created under the
 * verification of verificationIdHash; changes nothing and returns false when any id is unknown or another
 * verification's. Run in a transaction (it may roll back).
 */
export async function setPreferredCallTime(
  tx: Queryable,
  ids: number[],
  time: string,
  window: CallWindowAnswer,
  verificationIdHash: string,
): Promise<boolean> {
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

/** The zone a lead's calls are in (null on a lead stored before zones were kept) and its body, to find one from. */
export async function zoneOfLead(db: Queryable, id: number): Promise<{ timeZone: string | null; body: Record<string, unknown> } | undefined> {
  const { rows } = await db.query<{ time_zone: string | null; body: Record<string, unknown> }>('SELECT time_zone, body FROM leads WHERE id = $1', [id]);
  const row = rows[0];
  return row && { timeZone: row.time_zone, body: row.body };
}
