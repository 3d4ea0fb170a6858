// Reads GET /api/reports/search's query string (already through its JSON Schema) as a search, or the 400 naming the
// parameter that is wrong: exactly one way to search (a VIN, with the city and state to put first; a case number; a
// place), real dates in order from 1900-01-01 to a year from today, a real year. The rules the results page applies
// too (default radius and days, approximate years) are engine/report-search.ts's.
import type { FromSchema } from 'json-schema-to-ts';
import { DEFAULT_RADIUS, isLatitude, isLongitude, isVehicleYear, recentDays, yearRange } from '../../engine/report-search.ts';
import { isCalendarDate } from '../../engine/validators.ts';
import { dayOutOfRange, todayAnywhere } from '../date-bounds.ts';
import type { apiSchemas } from '../routes/api-schemas.ts';
import type { ValidationErrorBody } from '../validation.ts';
import { caseKeyOf } from './prepare-report.ts';
import type { ReportPlaces } from './report-places.ts';
import type { ReportSearch, SearchMode } from './search-reports.ts';

/** The query string as its schema lets it through. */
export type SearchQuery = FromSchema<typeof apiSchemas.reportsSearchQuery>;

const problem = (field: string, message: string): ValidationErrorBody => ({ error: 'validation', field, message: `${field} ${message}` });

export function parseSearchQuery(q: SearchQuery, places: ReportPlaces, now: number): ReportSearch | ValidationErrorBody {
  const mode = modeOf(q, places);
  if ('error' in mode) return mode;
  for (const field of ['from', 'to'] as const) {
    const v = q[field];
    if (v === undefined) continue;
    if (!isCalendarDate(v)) return problem(field, 'must be a real date written YYYY-MM-DD');
    // Year 0 is no date of PostgreSQL, year 10000 none of ISO 8601: outside these bounds a search means nothing anyway.
    const outOfRange = dayOutOfRange(v, now);
    if (outOfRange) return problem(field, outOfRange);
  }
  let dates: ReportSearch['dates'];
  if (q.from !== undefined || q.to !== undefined || mode.kind === 'place') {
    // Today anywhere on earth (the latest date), so a report of today is never left out.
    const to = q.to ?? todayAnywhere(now);
    const from = q.from ?? recentDays(to).from;
    if (from > to) return problem('from', `must not be after to (${to})`);
    dates = { from, to };
  }
  let years: ReportSearch['years'];
  if (q.year !== undefined) {
    const year = Number(q.year);
    const latest = Number(todayAnywhere(now).slice(0, 4));
    if (!isVehicleYear(year, latest)) return problem('year', `must be a year from 1900 to ${latest}`);
    const [from, to] = yearRange(year, q.yearMatch ?? 'exact');
    years = { from, to };
  } else if (q.yearMatch !== undefined) {
    return problem('yearMatch', 'needs year');
  }
  const make = q.make?.trim().toUpperCase();
  return { mode, ...(dates && { dates }), ...(make && { make }), ...(years && { years }) };
}

function modeOf(q: SearchQuery, places: ReportPlaces): SearchMode | ValidationErrorBody {
  const hasPoint = q.lat !== undefined || q.lng !== undefined;
  if (q.vin !== undefined) {
    const other = q.caseId !== undefined ? 'caseId' : hasPoint ? (q.lat !== undefined ? 'lat' : 'lng') : undefined;
    if (other) return problem(other, 'cannot be given with vin: search by a VIN, a case ID or a place');
  }
  const state = q.state === undefined ? undefined : places.normalizeState(q.state);
  if (q.state !== undefined && state === undefined) return problem('state', 'is not a US state or territory code');
  if (q.vin !== undefined) {
    // The accident's city and state as the person gave them: its reports there first, never a reason to leave one out
    // (a VIN is the vehicle's, wherever it crashed).
    const city = q.city === undefined ? undefined : places.cityName(q.city, state);
    return { kind: 'vin', vin: q.vin.toUpperCase(), ...(state && { state }), ...(city !== undefined && { city }) };
  }
  if (q.caseId !== undefined) {
    if (hasPoint) return problem(q.lat !== undefined ? 'lat' : 'lng', 'cannot be given with caseId: search by a VIN, a case ID or a place');
    if (state === undefined && q.city === undefined) return problem('caseId', 'needs state or city');
    const caseKey = caseKeyOf(q.caseId);
    if (caseKey === '') return problem('caseId', 'must hold letters or digits');
    const city = q.city === undefined ? undefined : places.cityName(q.city, state);
    return { kind: 'case', caseKey, ...(state && { state }), ...(city !== undefined && { city }) };
  }
  const radiusMiles = q.radius === undefined ? DEFAULT_RADIUS : Number(q.radius);
  if (hasPoint) {
    if (q.lat === undefined) return problem('lat', 'is required with lng');
    if (q.lng === undefined) return problem('lng', 'is required with lat');
    if (q.city !== undefined || q.state !== undefined) {
      return problem(q.city !== undefined ? 'city' : 'state', 'cannot be given with lat and lng: search near a point or a city');
    }
    const centre = { lat: Number(q.lat), lng: Number(q.lng) };
    if (!isLatitude(centre.lat)) return problem('lat', 'must be from -90 to 90');
    if (!isLongitude(centre.lng)) return problem('lng', 'must be from -180 to 180');
    return { kind: 'place', centre, radiusMiles };
  }
  if (q.city !== undefined) {
    if (state === undefined) return problem('state', 'is required with city');
    const city = places.cityOf(state, q.city);
    if (!city) return problem('city', `is not a city of ${state} that we know`);
    return { kind: 'place', centre: { lat: city.middle.lat, lng: city.middle.lng }, radiusMiles };
  }
  return problem('vin', 'or caseId, or lat and lng, or city and state is required');
}
