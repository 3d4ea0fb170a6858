// Who may see what of a report, the one rule GET /api/reports/:id, GET /pdf/:id and POST /api/reports/:id/proof share:
// the public facts for anyone; the personal data for a visitor who gave two facts (the VIN of one of its vehicles or
// its case ID, and the last name of one of its people), kept as a signed cookie for the visit. A link the product made
// (search results, alert texts) stands for the first fact, so the VIN is never in a URL.
import { createHmac } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { caseFact, namedUnits, vinFact, type Fact } from './proof-facts.ts';
import { proofKey } from './proof-key.ts';
import type { Policies } from '../limits/policies.ts';
import { countGuess } from './proof-limits.ts';
import { readProof, signProof } from './proof-tokens.ts';
import { readReport, type StoredReport } from './read-report.ts';
import { reportView, type ReportView } from './report-view.ts';

/** How long a visitor's proof lasts (the visit), and a link the product makes. */
export const PROOF_COOKIE_MS = 12 * 60 * 60_000;
export const LINK_MS = 30 * 24 * 60 * 60_000;

export interface ProofAttempt {
  id: string;
  ip: string;
  now: number;
  vin?: string | undefined;
  caseId?: string | undefined;
  /** A link's proof (`?proof=` of /accident/{id}): stands for the first fact. */
  token?: string | undefined;
  lastName?: string | undefined;
}

export type ProofField = 'vin' | 'caseId' | 'token' | 'lastName';

export type ProofResult =
  | { kind: 'not_found' }
  /** A fact given is not the report's: the field named. */
  | { kind: 'wrong'; field: ProofField }
  /** The first fact is the report's, and no last name was given: vehicle is the unit of the VIN given. */
  | { kind: 'first_fact'; vehicle?: number }
  /** Both facts are the report's: the view with its personal data, and the cookie that keeps the proof. */
  | { kind: 'proved'; view: ReportView; cookie: string };

/** The report as the visitor with this proof cookie (or none) may see it; undefined when there is no such report. */
export async function viewReport(db: Db, id: string, cookie: string | undefined, now: number): Promise<ReportView | undefined> {
  const stored = await readReport(db, id);
  if (!stored) return undefined;
  const claim = cookie === undefined ? undefined : readProof(await proofKey(db), 'cookie', id, cookie, now);
  return reportView(stored.report, claim === undefined ? undefined : claim.split('-').map(Number));
}

/** What a link stands for: a VIN given (its claim a keyed hash of it, never the VIN), the case ID, or an alert. */
export type LinkFact = { vin: string } | { caseId: true } | { alertId: string };

/** A VIN's claim: 12 characters of its HMAC, so the VIN cannot be read back from a link. */
const vinClaim = (key: Buffer, vin: string): string => `v${createHmac('sha256', key).update(vin.trim().toUpperCase()).digest('base64url').slice(0, 12)}`;

/** The proof (signed with proofKey's key) of a link to a report, `/accident/{id}?proof=`, standing for a first fact. */
export function linkProof(key: Buffer, reportId: string, fact: LinkFact, now: number): string {
  const claim = 'vin' in fact ? vinClaim(key, fact.vin) : 'caseId' in fact ? 'c' : `a${fact.alertId}`;
  return signProof(key, 'link', reportId, claim, now + LINK_MS);
}

/** What a link's claim stands for in this report: one of its VINs, its case ID, or an alert's, while the alert exists. */
async function linkFact(db: Db, key: Buffer, stored: StoredReport, claim: string): Promise<Fact | undefined> {
  if (claim === 'c') return stored.caseKey === null ? undefined : { kind: 'case' };
  if (claim.startsWith('v')) {
    const vehicle = stored.report.vehicles.find((v) => v.vin !== null && vinClaim(key, v.vin) === claim);
    return vehicle && vinFact(stored, vehicle.vin ?? '');
  }
  if (!claim.startsWith('a')) return undefined;
  const { rows } = await db.query<{ vin: string | null; case_key: string | null }>('SELECT vin, case_key FROM alerts WHERE id = $1', [claim.slice(1)]);
  const alert = rows[0];
  if (!alert) return undefined;
  return (
    (alert.vin === null ? undefined : vinFact(stored, alert.vin)) ??
    (alert.case_key !== null && alert.case_key === stored.caseKey ? { kind: 'case' } : undefined)
  );
}

/** The first fact of an attempt and the field that gave it; fact undefined when that field is not the report's. */
async function firstFact(db: Db, stored: StoredReport, a: ProofAttempt, now: number): Promise<{ field: ProofField; fact: Fact | undefined }> {
  if (a.token !== undefined) {
    const key = await proofKey(db);
    const claim = readProof(key, 'link', stored.report.id, a.token, now);
    return { field: 'token', fact: claim === undefined ? undefined : await linkFact(db, key, stored, claim) };
  }
  if (a.vin !== undefined) return { field: 'vin', fact: vinFact(stored, a.vin) };
  return { field: 'caseId', fact: caseFact(stored, a.caseId ?? '') };
}

/**
 * Checks a proof of involvement: a first fact (vin, caseId or a link's token) and, to see the personal data, a last
 * name. Every attempt is counted by countGuess first, which throws RateLimitedError when the visitor may not guess now;
 * a wrong fact counts against the address and the report.
 */
export async function proveInvolvement(db: Db, limits: Policies, attempt: ProofAttempt): Promise<ProofResult> {
  const { id, ip, now, lastName } = attempt;
  const stored = await readReport(db, id);
  if (!stored) return { kind: 'not_found' };
  const { field, fact } = await firstFact(db, stored, attempt, now);
  const named = lastName === undefined ? undefined : namedUnits(stored, lastName);
  const wrong: ProofField | undefined = !fact ? field : named?.length === 0 ? 'lastName' : undefined;
  await countGuess(db, limits, { ip, reportId: id, wrong: wrong !== undefined, now });
  if (wrong) return { kind: 'wrong', field: wrong };
  if (!named) return fact?.kind === 'vin' ? { kind: 'first_fact', vehicle: fact.unit } : { kind: 'first_fact' };
  const yours = fact?.kind === 'vin' ? [fact.unit] : named;
  const cookie = signProof(await proofKey(db), 'cookie', id, yours.join('-'), now + PROOF_COOKIE_MS);
  return { kind: 'proved', view: reportView(stored.report, yours), cookie };
}
