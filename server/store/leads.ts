// Stores leads and reads them back in the shape the API returns.
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
}

export interface NewLead extends LeadFields {
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
    accident_reason: null, created_at: new Date(now),
  });
}

interface LeadToCreate {
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
});

/**
 * Creates each lead of $1 (rows of leadRow) with its consent record, keeping the answer for its key, in one statement:
 * only when the visitor's cookie holds a live verification of the lead's phone and the key is new and free. Answers
 * per lead (n) whether it was verified and created, and its key's state.
 */
const CREATE_LEADS = `WITH input AS (
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${CONSENT_RECORD_TYPES}, n integer, id_hash text, at timestamptz,
       route text, key text, hash text, answer text, id bigint, funnel text, calc_id text, first_name text, last_name text,
       email text, legal_consult boolean, language text, body jsonb, page_referrers text)
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
       verification_id, consent_record_id, page_referrers, ip, user_agent, created_at)
     OVERRIDING SYSTEM VALUE
     SELECT g.id, g.funnel, g.calc_id, g.first_name, g.last_name, g.phone, g.email, g.legal_consult, g.language, g.body,
       g.verification_id, g.record_id, g.page_referrers, g.ip, g.user_agent, g.at
     FROM gate g JOIN record ON record.id = g.record_id
     RETURNING id
   ),
   saved AS (
     INSERT INTO idempotency_keys (route, key, request_hash, status, response)
     SELECT g.route, g.key, g.hash, 200, g.answer FROM gate g JOIN lead ON lead.id = g.id WHERE g.key IS NOT NULL
   )
   SELECT k.n, v.id IS NOT NULL AS verified, lead.id IS NOT NULL AS created, k.locked, k.request_hash, k.status, k.response
   FROM k LEFT JOIN v USING (n) LEFT JOIN gate USING (n) LEFT JOIN lead ON lead.id = gate.id
   ORDER BY k.n`;

/** What became of each lead of a batch; undefined for a lead whose wording is not stored yet (nothing was stored). */
async function createBatch(db: Db, batch: LeadToCreate[]): Promise<(LeadCreation | undefined)[]> {
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
 * Creates one lead alone. A key answered by another request after the statement's snapshot fails the key's insert:
 * the rerun replays it. A new wording is stored first (once per wording), then the statement reruns.
 */
async function createOne(db: Db, item: LeadToCreate): Promise<LeadCreation> {
  const once = async () => (await createBatch(db, [item]))[0];
  const created = await once().catch((error: unknown) => {
    if (isKeyTaken(error)) return once();
    throw error;
  });
  if (created) return created;
  await db.transaction((tx) => ensureConsentText(tx, item.consent.wording));
  const again = await once();
  if (!again) throw new Error('lead insert stored nothing');
  return again;
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
        for (const [n, item] of batch.entries()) creations.push(results[n] ?? (await createOne(db, item)));
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
export function createLead(db: Db, request: LeadRequest, lead: NewLead, consent: NewConsentRecord): Promise<LeadCreation> {
  return leadBatcher(db)({ request, lead, consent });
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
