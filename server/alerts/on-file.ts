// The reports already on file when an alert is created: the report searches of its ways of recognising the report (a
// VIN, a case ID in a state, a pin with its day ±1, make and year ±2), each with the link the alert gives.
import type { Queryable } from '../db/db.ts';
import { searchReports, type ReportSearch } from '../reports/search-reports.ts';
import { MATCH_DAYS, MATCH_YEARS } from './match-reports.ts';
import type { NewAlert } from './new-alert.ts';
import { proofKey } from '../reports/proof-key.ts';
import { alertReportPath } from './report-path.ts';

export interface OnFile {
  id: string;
  path: string;
}

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The searches an alert stands for (as matchReports matches). */
function searchesOf(a: NewAlert): { search: ReportSearch; byFact: boolean }[] {
  const searches: { search: ReportSearch; byFact: boolean }[] = [];
  if (a.vin !== null) searches.push({ search: { mode: { kind: 'vin', vin: a.vin } }, byFact: true });
  if (a.case_key !== null && a.state !== null) searches.push({ search: { mode: { kind: 'case', caseKey: a.case_key, state: a.state } }, byFact: true });
  if (a.lat !== null && a.lng !== null && a.on_date !== null && a.make !== null && a.year !== null) {
    searches.push({
      search: {
        mode: { kind: 'place', centre: { lat: a.lat, lng: a.lng }, radiusMiles: a.radius_mi },
        dates: { from: shiftDay(a.on_date, -MATCH_DAYS), to: shiftDay(a.on_date, MATCH_DAYS) },
        make: a.make,
        years: { from: a.year - MATCH_YEARS, to: a.year + MATCH_YEARS },
        // Within the radius as matchReports measures it: to where the report happened.
        exact: true,
      },
      byFact: false,
    });
  }
  return searches;
}

/** The reports on file that the alert matches, newest first by way (VIN, case, pin), each once. */
export async function reportsOnFile(q: Queryable, alert: NewAlert): Promise<OnFile[]> {
  const found = new Map<string, OnFile>();
  for (const { search, byFact } of searchesOf(alert)) {
    for (const { id } of (await searchReports(q, search)).results) {
      if (!found.has(id))
        found.set(id, { id, path: alertReportPath(await proofKey(q), id, { id: alert.id, expiresAt: Date.parse(alert.expires_at) }, byFact) });
    }
  }
  return [...found.values()];
}
