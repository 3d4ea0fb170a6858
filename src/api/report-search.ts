// The accident-report search of the API (GET /api/reports/search): a page of results, newest first, none with
// personal data.
import type { FromSchema } from 'json-schema-to-ts';
import type searchResponse from '../../schemas/api/reports-search.response.schema.json';
import { callApi } from './client.ts';

export type SearchAnswer = FromSchema<typeof searchResponse>;
export type SearchResult = SearchAnswer['results'][number];
export type SearchVehicle = SearchResult['vehicles'][number];

/** The search; 400 { error: 'validation', field } names a parameter the API refused. */
export function searchReports(query: Record<string, string>, signal?: AbortSignal): Promise<SearchAnswer> {
  return callApi<SearchAnswer>({ method: 'GET', path: '/reports/search', query }, signal);
}
