// Accident reports from the API: one report by its public id, as the visitor may see it (the server keeps their proof
// of involvement in a cookie), and the proof itself: a first fact and a last name.
import type { FromSchema } from 'json-schema-to-ts';
import type proofRequest from '../../schemas/api/reports-proof.request.schema.json';
import type proofResponse from '../../schemas/api/reports-proof.response.schema.json';
import type reportResponse from '../../schemas/api/reports-id.response.schema.json';
import { callApi } from './client.ts';

/** The first fact of a proof: a VIN of one of the report's vehicles, its case ID, or a link's proof standing for one. */
export type ReportFact = { vin: string } | { caseId: string } | { token: string };

/** POST /api/reports/{id}/proof's answer: proved, or the first fact is the report's (vehicle: the unit of its VIN). */
export type ProofAnswer = FromSchema<typeof proofResponse>;

/** GET /api/reports/{id}: the public facts (involved: false), or with the personal data (involved: true). */
export type Report = FromSchema<typeof reportResponse>;
export type InvolvedReport = Extract<Report, { involved: true }>;
/** A vehicle (MMUCC unit); in an involved visitor's report, with its personal fields. */
export type ReportVehicle = Report['vehicles'][number];
export type InvolvedVehicle = InvolvedReport['vehicles'][number];
export type ReportDriver = NonNullable<InvolvedVehicle['driver']>;

/** GET /api/reports/{id}: 404 not_found. With the personal data when this browser proved involvement. */
export function fetchReport(id: string, signal?: AbortSignal): Promise<Report> {
  return callApi<Report>({ method: 'GET', path: `/reports/${encodeURIComponent(id)}` }, signal);
}

/**
 * POST /api/reports/{id}/proof: a first fact and, to see the personal data, a last name. 403 not_involved names the
 * field that is not the report's; 429 rate_limited after too many wrong tries.
 */
export function proveReport(id: string, fact: ReportFact, lastName?: string): Promise<ProofAnswer> {
  const body: FromSchema<typeof proofRequest> = lastName === undefined ? fact : { ...fact, lastName };
  return callApi<ProofAnswer>({ method: 'POST', path: `/reports/${encodeURIComponent(id)}/proof`, body });
}

/** The PDF of a report in a language, with the personal data when this browser proved involvement (a download). */
export function reportPdfUrl(id: string, language: string): string {
  return `/pdf/${encodeURIComponent(id)}?${new URLSearchParams({ lang: language }).toString()}`;
}
