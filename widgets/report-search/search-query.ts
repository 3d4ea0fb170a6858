// A search for accident reports three ways: as the results page's URL holds it (shared and reloaded as it is, but for a
// VIN, which stays in the tab: search-handle.ts), as the API takes it (GET /api/reports/search), and as the locating
// wizard's answers give it (§2.7, §3 search options). The rules the API applies too are engine/report-search.ts's.
import {
  addDays,
  daysBetween,
  DEFAULT_RADIUS,
  isLatitude,
  isLongitude,
  isVehicleYear,
  recentDays,
  yearRange,
  type Radius,
  type YearMatch,
} from '../../engine/report-search.ts';
import { isCalendarDate, today, validators } from '../../engine/validators.ts';
import { hideVin } from './search-handle.ts';

/** Where a place search looks: a point (a map pin, the browser's location) or a city's middle. */
export type Where = { lat: number; lng: number } | { city: string; state: string };

/** Days before and after the date a person gave that a search covers (people misremember the day). */
export const DATE_SLACK_DAYS = 3;
/** The widest "recent" range the page offers in one tap. */
export const WIDE_DAYS = 30;
/** The longest place name a results URL may show (an address found for a pin is far shorter). */
const NEAR_MAX = 120;
/** The accident's days a VIN or case-ID search covers, YYYY-MM-DD, both or neither (neither: any day). */
interface Days {
  from?: string;
  to?: string;
}

export type ReportSearch =
  /** city and state put the VIN's reports there first; they leave none out. */
  | ({ by: 'vin'; vin: string; city?: string; state?: string } & Days)
  | ({ by: 'case'; caseId: string; state?: string; city?: string } & Days)
  | {
      by: 'place';
      where: Where;
      radius: Radius;
      /** YYYY-MM-DD, both or neither (neither: the last 14 days). */
      from?: string;
      to?: string;
      make?: string;
      year?: number;
      yearMatch: YearMatch;
      /** What to call the place on screen (the pin's address); not sent to the API. */
      near?: string;
    };

export type PlaceSearch = Extract<ReportSearch, { by: 'place' }>;

/** A coordinate in a URL: 5 decimals (about a metre) say all a pin can. */
const coordinate = (n: number) => String(Math.round(n * 1e5) / 1e5);

function yearOf(raw: string | null, thisYear: number): number | undefined {
  if (!raw || !/^\d{4}$/.test(raw)) return undefined;
  const year = Number(raw);
  return isVehicleYear(year, thisYear) ? year : undefined;
}

/** A range of days read from a URL: both real dates in order, else none. */
function daysOf(from: string | null, to: string | null): Days {
  return from !== null && to !== null && isCalendarDate(from) && isCalendarDate(to) && from <= to ? { from, to } : {};
}

/** The search a results URL's query holds, or null when it holds none (the API's modes: VIN, case ID, place). */
export function searchFromParams(params: URLSearchParams, now = new Date()): ReportSearch | null {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const city = text('city');
  const state = text('state')?.toUpperCase();
  const days = daysOf(params.get('from'), params.get('to'));
  const vin = text('vin');
  if (vin) return { by: 'vin', vin: vin.toUpperCase(), ...days, ...(city ? { city } : {}), ...(state ? { state } : {}) };
  // A handle to a VIN this tab does not keep (a link opened elsewhere): no search, rather than another one.
  if (params.has('s')) return null;
  const caseId = text('caseId');
  if (caseId) return { by: 'case', caseId, ...(state ? { state } : {}), ...(city ? { city } : {}), ...days };
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const hasPoint = params.has('lat') && params.has('lng') && isLatitude(lat) && isLongitude(lng);
  if (!hasPoint && !(city && state)) return null;
  const year = yearOf(params.get('year'), now.getFullYear());
  const make = text('make')?.toUpperCase();
  // Only shown, never searched; a link's made-up text stays a short line.
  const near = text('near')?.slice(0, NEAR_MAX);
  return {
    by: 'place',
    where: hasPoint ? { lat, lng } : { city: city!, state: state! },
    radius: params.get('radius') === '5' ? 5 : DEFAULT_RADIUS,
    ...days,
    ...(make ? { make } : {}),
    ...(year ? { year } : {}),
    yearMatch: params.get('yearMatch') === 'approx' ? 'approx' : 'exact',
    ...(near ? { near } : {}),
  };
}

/** The API's query for a search: every parameter GET /api/reports/search reads, nothing it does not. */
export function apiQuery(search: ReportSearch): Record<string, string> {
  const days: Record<string, string> = search.from && search.to ? { from: search.from, to: search.to } : {};
  if (search.by === 'vin') return { vin: search.vin, ...days, ...(search.city ? { city: search.city } : {}), ...(search.state ? { state: search.state } : {}) };
  if (search.by === 'case') {
    return { caseId: search.caseId, ...(search.state ? { state: search.state } : {}), ...(search.city ? { city: search.city } : {}), ...days };
  }
  const where: Record<string, string> =
    'lat' in search.where ? { lat: coordinate(search.where.lat), lng: coordinate(search.where.lng) } : { city: search.where.city, state: search.where.state };
  return {
    ...where,
    radius: String(search.radius),
    ...days,
    ...(search.make ? { make: search.make } : {}),
    ...(search.year ? { year: String(search.year), yearMatch: search.yearMatch } : {}),
  };
}

/** The query of a results URL for a search: the API's, and the place's name to show. */
export function searchParams(search: ReportSearch): URLSearchParams {
  const params = new URLSearchParams(apiQuery(search));
  if (search.by === 'place' && search.near) params.set('near', search.near);
  return params;
}

/** An app path with a search in its query: /results?…, /notify-me?…; a VIN only as a handle to it (search-handle.ts). */
export const searchPath = (path: string, search: ReportSearch) => `${path}?${hideVin(searchParams(search)).toString()}`;

/** The dates a place search covers, given or by default (the last 14 days up to today). */
export function dateRange(search: PlaceSearch, now = new Date()): { from: string; to: string } {
  return search.from && search.to ? { from: search.from, to: search.to } : recentDays(today(now));
}

/** The city, state and address of the place answer (a city chosen, or the address found for a pin), when they are text. */
function placeOf(answer: unknown): { city?: string; state?: string; address?: string } {
  if (typeof answer !== 'object' || answer === null) return {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const { city, state, address } = answer as Record<string, unknown>;
  return { ...(text(city) ? { city: text(city) } : {}), ...(text(state) ? { state: text(state) } : {}), ...(text(address) ? { address: text(address) } : {}) };
}

/** The days around the date given, three either side and none after today. */
function daysAround(date: unknown, now: Date): Days {
  if (typeof date !== 'string' || !isCalendarDate(date)) return {};
  return { from: addDays(date, -DATE_SLACK_DAYS), to: [addDays(date, DATE_SLACK_DAYS), today(now)].sort()[0]! };
}

/**
 * The search the locating wizard's answers describe (§2.7), each on its date ±3 days: a VIN (it names the vehicle) with
 * its reports in the accident's city and state first; a case ID in the accident's state (case IDs repeat between
 * agencies; the city chosen may be a neighbour's); or the map pin with a 10-mile radius, the make and the year ±2. The
 * API then names a VIN's or case ID's reports of other dates. Null when the answers do not make one.
 */
export function searchOfAnswers(answers: Record<string, unknown>, now = new Date()): ReportSearch | null {
  const place = placeOf(answers.place);
  const days = daysAround(answers.date, now);
  switch (answers.locateBy) {
    case 'vin':
      if (typeof answers.vin !== 'string' || !validators.vin(answers.vin)) return null;
      return {
        by: 'vin',
        vin: answers.vin,
        ...days,
        ...(place.city && place.state ? { city: place.city } : {}),
        ...(place.state ? { state: place.state } : {}),
      };
    case 'case': {
      const caseId = typeof answers.caseID === 'string' ? answers.caseID.trim() : '';
      if (!caseId) return null;
      return { by: 'case', caseId, ...(place.state ? { state: place.state } : {}), ...days };
    }
    case 'map': {
      if (!validators.point(answers.location)) return null;
      const { lat, lng } = answers.location as { lat: number; lng: number };
      const year = typeof answers.vehicleYear === 'number' ? yearOf(String(answers.vehicleYear), now.getFullYear()) : undefined;
      const make = typeof answers.vehicleMake === 'string' ? answers.vehicleMake.trim().toUpperCase() : '';
      return {
        by: 'place',
        where: { lat, lng },
        radius: DEFAULT_RADIUS,
        ...days,
        ...(make ? { make } : {}),
        ...(year ? { year } : {}),
        yearMatch: 'approx',
        ...(place.address ? { near: place.address } : {}),
      };
    }
    default:
      return null;
  }
}

/** One tap that widens a place search that found nothing. */
export type Widening =
  | { kind: 'radius'; search: PlaceSearch }
  | { kind: 'recent'; search: PlaceSearch; days: number }
  | { kind: 'dates'; search: PlaceSearch; from: string; to: string }
  | { kind: 'year'; search: PlaceSearch; years: [number, number] }
  | { kind: 'make'; search: PlaceSearch };

/** The ways to widen a place search: 10 miles, more days, the year ±2, any make; each one alone, then all of them. */
export function widenings(search: ReportSearch, now = new Date()): Widening[] {
  if (search.by !== 'place') return [];
  const found: Widening[] = [];
  if (search.radius < 10) found.push({ kind: 'radius', search: { ...search, radius: 10 } });
  const { from, to } = dateRange(search, now);
  const last = today(now);
  if (daysBetween(to, last) <= DATE_SLACK_DAYS && daysBetween(from, last) < WIDE_DAYS) {
    found.push({ kind: 'recent', days: WIDE_DAYS, search: { ...search, from: addDays(last, -WIDE_DAYS), to: last } });
  } else {
    const wider = { from: addDays(from, -7), to: [addDays(to, 7), last].sort()[0]! };
    found.push({ kind: 'dates', ...wider, search: { ...search, ...wider } });
  }
  if (search.year && search.yearMatch === 'exact')
    found.push({ kind: 'year', years: yearRange(search.year, 'approx'), search: { ...search, yearMatch: 'approx' } });
  if (search.make) {
    const { make: _make, ...anyMake } = search;
    found.push({ kind: 'make', search: anyMake });
  }
  return found;
}

/** Every widening at once. */
export function widest(search: ReportSearch, now = new Date()): PlaceSearch | null {
  const all = widenings(search, now);
  if (all.length < 2 || search.by !== 'place') return null;
  return all.reduce<PlaceSearch>((wide, w) => {
    if (w.kind === 'radius') return { ...wide, radius: 10 };
    if (w.kind === 'recent' || w.kind === 'dates') return { ...wide, from: w.search.from, to: w.search.to };
    if (w.kind === 'year') return { ...wide, yearMatch: 'approx' };
    const { make: _make, ...anyMake } = wide;
    return anyMake;
  }, search);
}
