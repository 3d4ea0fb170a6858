// Accident reports from the API: one report by its public id, with the visitor's proof of involvement when they gave one.
import { callApi } from './client.ts';

/** Proof that the visitor was in the accident: a VIN of one of its vehicles, or its case ID. */
export type ReportProof = { vin: string } | { caseId: string };

export interface ReportDriver {
  firstName: string;
  lastName: string;
  age?: number | null;
  gender?: string | null;
  ethnicity?: string | null;
  residence?: { city: string; state: string; zip?: string | null } | null;
  licenceType?: string | null;
  licenceState?: string | null;
}

/** A vehicle (MMUCC unit); the fields after damageArea come only with a proof. */
export interface ReportVehicle {
  unit: number;
  make: string;
  model?: string | null;
  year?: number | null;
  damageArea?: string | null;
  vin?: string | null;
  towedBy?: string | null;
  insured?: boolean | null;
  atFault?: boolean | null;
  occupants?: number | null;
  seatbelt?: boolean | null;
  airbags?: boolean | null;
  driver?: ReportDriver | null;
}

export interface Report {
  id: string;
  demo: boolean;
  /** Local time with its offset, as the agency wrote it: 2026-11-20T17:30:00-06:00. */
  occurredAt: string;
  state: string;
  county?: string | null;
  city: string;
  zip?: string | null;
  location?: { lat: number; lng: number } | null;
  policeDepartment: string;
  weather?: string | null;
  roadCondition?: string | null;
  light?: string | null;
  speedLimit?: number | null;
  injuredCount?: number | null;
  fatalCount?: number | null;
  vehicleCount?: number | null;
  occupantCount?: number | null;
  vehicles: ReportVehicle[];
  /** True when the proof matched: the private fields below are there. */
  involved: boolean;
  crashId?: string | null;
  caseId?: string | null;
  street?: string | null;
  narrative?: string | null;
}

const proofQuery = (proof?: ReportProof): Record<string, string> => (!proof ? {} : 'vin' in proof ? { vin: proof.vin } : { caseId: proof.caseId });

/** GET /api/reports/{id}: 404 not_found, 403 not_involved (wrong proof), 429 rate_limited (too many wrong proofs). */
export function fetchReport(id: string, proof?: ReportProof, signal?: AbortSignal): Promise<Report> {
  return callApi<Report>({ method: 'GET', path: `/reports/${encodeURIComponent(id)}`, query: proofQuery(proof) }, signal);
}

/** The PDF of a report in a language, with the same proof (a top-level route: the browser downloads it). */
export function reportPdfUrl(id: string, language: string, proof?: ReportProof): string {
  const query = new URLSearchParams({ lang: language, ...proofQuery(proof) });
  return `/pdf/${encodeURIComponent(id)}?${query.toString()}`;
}
