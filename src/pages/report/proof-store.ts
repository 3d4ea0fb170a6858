// Where a report's proof of involvement is kept: a case ID typed on the page stays for the tab (a reload keeps it, a
// shared link never carries it); a report just fetched with a VIN is handed to the page the VIN's URL opens.
import type { Report, ReportProof } from '../../api/reports.ts';

const CASE_KEY = (id: string) => `claimflow:report-case:${id}`;

export function storedCaseId(id: string): string | undefined {
  try {
    return sessionStorage.getItem(CASE_KEY(id)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function keepCaseId(id: string, caseId: string | undefined): void {
  try {
    if (caseId) sessionStorage.setItem(CASE_KEY(id), caseId);
    else sessionStorage.removeItem(CASE_KEY(id));
  } catch {
    // Storage refused (private mode, full): the proof lasts until the page is left, as it would without it.
  }
}

/** The proof a page visit starts with: the URL's VIN (as typed, any case), else a case ID kept in the tab. */
export function proofOf(urlVin: string | undefined, caseId: string | undefined): ReportProof | undefined {
  if (urlVin) {
    let vin = urlVin;
    try {
      vin = decodeURIComponent(urlVin);
    } catch {
      // A stray % in an edited URL: the VIN as it stands (the API says it matches nothing).
    }
    return { vin: vin.toUpperCase() };
  }
  return caseId ? { caseId } : undefined;
}

/** One string per report and proof, for caches and effects. */
export const proofKey = (id: string, proof?: ReportProof) => `${id}|${!proof ? '' : 'vin' in proof ? `vin:${proof.vin}` : `case:${proof.caseId}`}`;

/** Set when the proof form has just opened the full report: the page then moves focus to the news. */
let proved = false;

export function markProved(): void {
  proved = true;
}

/** Whether the form has just proved involvement (once: the flag is cleared). */
export function takeProved(): boolean {
  const was = proved;
  proved = false;
  return was;
}

/** The last report fetched by the proof form, so the page it navigates to shows it at once instead of fetching again. */
let primed: { key: string; report: Report } | undefined;

export function primeReport(key: string, report: Report): void {
  primed = { key, report };
}

export function primedReport(key: string): Report | undefined {
  return primed?.key === key ? primed.report : undefined;
}
