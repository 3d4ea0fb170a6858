// Accident reports from the API: one report by its public id, as the visitor may see it (the server keeps their proof
// of involvement in a cookie), and the proof itself: a first fact and a last name.
import { callApi } from './client.ts';

/** The first fact of a proof: a VIN of one of the report's vehicles, its case ID, or a link's proof standing for one. */
export type ReportFact = { vin: string } | { caseId: string } | { token: string };

/** POST /api/reports/{id}/proof's answer: proved, or the first fact is the report's (vehicle: the unit of its VIN). */
export type ProofAnswer = { proved: true } | { proved: false; vehicle?: number };

export interface ReportDriver {
  firstName: string;
  lastName: string;
  age?: number | null;
  gender?: string | null;
  /** The report's own words for a value no code stands for (gender or ethnicity is then other). */
  genderText?: string;
  ethnicity?: string | null;
  ethnicityText?: string;
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
  /** The report's own words for a damage area no code stands for (damageArea is then other). */
  damageAreaText?: string;
  vin?: string | null;
  towedBy?: string | null;
  insured?: boolean | null;
  atFault?: boolean | null;
  occupants?: number | null;
  seatbelt?: boolean | null;
  /** The report's own words when they say neither yes nor no (seatbelt or airbags is then null). */
  seatbeltText?: string;
  airbags?: boolean | null;
  airbagsText?: string;
  driver?: ReportDriver | null;
  /** With the personal data: the visitor's own vehicle (another party's comes cut to what a claim needs). */
  yours?: boolean;
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
  /** Null when the report names none. */
  policeDepartment: string | null;
  weather?: string | null;
  /** The report's own words for a value no code stands for (weather, roadCondition or light is then other). */
  weatherText?: string;
  roadCondition?: string | null;
  roadConditionText?: string;
  light?: string | null;
  lightText?: string;
  speedLimit?: number | null;
  injuredCount?: number | null;
  fatalCount?: number | null;
  vehicleCount?: number | null;
  occupantCount?: number | null;
  vehicles: ReportVehicle[];
  /** True when the visitor proved involvement: the private fields below are there. */
  involved: boolean;
  crashId?: string | null;
  caseId?: string | null;
  street?: string | null;
  narrative?: string | null;
}

/** GET /api/reports/{id}: 404 not_found. With the personal data when this browser proved involvement. */
export function fetchReport(id: string, signal?: AbortSignal): Promise<Report> {
  return callApi<Report>({ method: 'GET', path: `/reports/${encodeURIComponent(id)}` }, signal);
}

/**
 * POST /api/reports/{id}/proof: a first fact and, to see the personal data, a last name. 403 not_involved names the
 * field that is not the report's; 429 rate_limited after too many wrong tries.
 */
export function proveReport(id: string, fact: ReportFact, lastName?: string): Promise<ProofAnswer> {
  const body = lastName === undefined ? fact : { ...fact, lastName };
  return callApi<ProofAnswer>({ method: 'POST', path: `/reports/${encodeURIComponent(id)}/proof`, body });
}

/** The PDF of a report in a language, with the personal data when this browser proved involvement (a download). */
export function reportPdfUrl(id: string, language: string): string {
  return `/pdf/${encodeURIComponent(id)}?${new URLSearchParams({ lang: language }).toString()}`;
}
