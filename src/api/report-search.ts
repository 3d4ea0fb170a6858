// The accident-report search of the API (GET /api/reports/search): a page of results, newest first, none with
// personal data.
import { callApi } from './client.ts';

export interface SearchVehicle {
  make: string;
  model?: string | null;
  year?: number | null;
  damageArea?: string | null;
}

export interface SearchResult {
  /** The public id of /accident/{id}. */
  id: string;
  /** Local time with the offset the feed wrote: 2026-11-20T17:30:00-06:00. */
  occurredAt: string;
  city: string;
  state: string;
  /** Rounded to 3 decimals (about 100 m). */
  location: { lat: number; lng: number };
  vehicles: SearchVehicle[];
  injuredCount?: number | null;
  fatalCount?: number | null;
  /** A synthetic report of the demo set. */
  demo: boolean;
  /** From the searched place, for place searches. */
  distanceMiles?: number | null;
  /** VIN and case-ID searches: the proof of the link to the report, standing for what was searched (never the VIN). */
  proof?: string;
}

export interface SearchAnswer {
  /** How many results there are (at most 50). */
  count: number;
  /** More reports matched than are listed: the newest are. */
  more: boolean;
  results: SearchResult[];
  /**
   * A VIN or case-ID search with dates that found nothing: its reports on other dates, nearest the dates first (at
   * most 3, maybe none). Absent otherwise.
   */
  otherDates?: SearchResult[];
}

/** The search; 400 { error: 'validation', field } names a parameter the API refused. */
export function searchReports(query: Record<string, string>, signal?: AbortSignal): Promise<SearchAnswer> {
  return callApi<SearchAnswer>({ method: 'GET', path: '/reports/search', query }, signal);
}

/** A report's public facts, as far as a card about it needs them (GET /api/reports/{id} without a proof). */
export interface ReportCard {
  id: string;
  demo: boolean;
  occurredAt: string;
  city: string;
  state: string;
  vehicles: SearchVehicle[];
}

/** One report by its public id; 404 not_found for an unknown (or malformed) id. */
export function fetchReportCard(id: string, signal?: AbortSignal): Promise<ReportCard> {
  return callApi<ReportCard>({ method: 'GET', path: `/reports/${encodeURIComponent(id)}` }, signal);
}
