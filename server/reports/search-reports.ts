// Finds reports as a person remembers their accident: by a VIN of one of its vehicles, by its case number, or near a
// place in a date window (the grid cells around it, then the haversine distance); public facts only, newest first. A VIN
// or case number that has nothing on the dates given names its reports of other dates instead (otherDates). Where a
// report is and how far it is from the searched point are those of its public location, rounded to 3 decimals.
import type { Queryable } from '../db/db.ts';
import { EARTH_RADIUS_MILES, miles } from '../geo/distance.ts';
import type { Point } from '../geo/gazetteer.ts';
import { cellsAround } from './geo-cell.ts';
import { localIso, type ListedVehicle } from './report-view.ts';

export type SearchMode =
  /** state and city (the name as stored) put the VIN's reports there first: that city's, then that state's. */
  | { kind: 'vin'; vin: string; state?: string; city?: string }
  /** city is the name as stored (the gazetteer's when it knows it); compared without regard to case. */
  | { kind: 'case'; caseKey: string; state?: string; city?: string }
  | { kind: 'place'; centre: Point; radiusMiles: number };

export interface ReportSearch {
  mode: SearchMode;
  /** YYYY-MM-DD, on the accident's local day; both or neither. */
  dates?: { from: string; to: string };
  /** A vehicle of the report has this make (capitals) and a year in this range. */
  make?: string;
  years?: { from: number; to: number };
  /**
   * A place search measured to the reports' own locations, as the alerts' matching does (server/alerts/on-file.ts), not
   * to their public ones: for answers that show no distance and are not the public search's.
   */
  exact?: boolean;
}

export interface SearchResult {
  id: string;
  occurredAt: string;
  city: string;
  state: string;
  location: Point;
  vehicles: ListedVehicle[];
  injuredCount?: number;
  fatalCount?: number;
  demo: boolean;
  distanceMiles?: number;
  /** vin and caseId searches: the proof of the result's link, set by the route (server/routes/reports.ts). */
  proof?: string;
}

/** At most this many results; more says whether others matched too. */
export const MAX_RESULTS = 50;
/** At most this many reports of other dates, the nearest the dates given. */
export const MAX_OTHER_DATES = 3;

/** An offset is less than a day: an instant a day or more outside some local days is on none of them. */
const DAY_MS = 86_400_000;

/** The instants around a search's days, loosely (a report's offset from UTC is less than a day): they bound an index ordered by occurred_at. */
const instantsOf = ({ from, to }: { from: string; to: string }): [string, string] => {
  const day = (iso: string, add: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + add * DAY_MS).toISOString();
  return [day(from, -1), day(to, 2)];
};

export interface SearchAnswer {
  /** How many results there are (at most MAX_RESULTS). */
  count: number;
  /** More reports matched than are listed: the newest are. */
  more: boolean;
  results: SearchResult[];
  /**
   * A VIN or case-number search with dates that found nothing: the reports it finds on other dates, nearest the dates
   * first (at most MAX_OTHER_DATES; none is []). Absent otherwise.
   */
  otherDates?: SearchResult[];
}

export async function searchReports(db: Queryable, search: ReportSearch): Promise<SearchAnswer> {
  const found = await foundBy(db, search, false);
  const results = found.slice(0, MAX_RESULTS);
  const answer: SearchAnswer = { count: results.length, more: found.length > MAX_RESULTS, results };
  if (results.length === 0 && search.dates && search.mode.kind !== 'place') answer.otherDates = await foundBy(db, search, true);
  return answer;
}

async function foundBy(db: Queryable, search: ReportSearch, otherDates: boolean): Promise<SearchResult[]> {
  const { mode } = search;
  const { sql, params } = mode.kind === 'place' ? placeSql({ ...search, mode }) : searchSql(search, otherDates);
  const { rows } = await db.query<{ found: Found[] | null }>(sql, params);
  const centre = search.mode.kind === 'place' ? search.mode.centre : undefined;
  return (rows[0]?.found ?? []).map((f) => resultOf(f, centre));
}

/** SQL for the haversine distance in miles from the point (lat, lng) to the report r, worked out as server/geo/distance.ts miles() does. */
export const milesSql = (lat: string, lng: string, report = { lat: 'r.lat', lng: 'r.lng' }) =>
  `2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(sin(radians(${report.lat} - ${lat}) / 2) ^ 2 + cos(radians(${lat})) * cos(radians(${report.lat})) * sin(radians(${report.lng} - ${lng}) / 2) ^ 2)))`;

const NEWEST_FIRST = 'ORDER BY occurred_at DESC, id COLLATE "C"';

/**
 * A place search, one call of the function search_place (migrations 0035 to 0037): it reads the grid cells around the
 * point together through reports_geo_idx (one index scan for all of them, in the partitions of the months it reads), a
 * slice of time at a time from the newest (the last day, then as far back as the hits found so far say the rest needs;
 * after three slices, all that is left), until it has the newest MAX_RESULTS + 1 within the radius, so that what it
 * reads hardly grows with the area's density; each slice builds the listed facts of the reports it keeps, as one JSON
 * document in the end. A function, so that its statements keep one generic plan, the executor pruning the months:
 * prepared as a statement of its own, PostgreSQL planned it anew for each search (0.3 to 0.4 ms of its 1.7 at 1,000,000
 * reports).
 */
function placeSql({ mode, dates, make, years, exact = false }: ReportSearch & { mode: { kind: 'place' } }): { sql: string; params: unknown[] } {
  // The instants bound the index, ordered by occurred_at, loosely (an offset is less than a day); no dates, every day.
  const [earliest, latest] = dates ? instantsOf(dates) : ['-infinity', 'infinity'];
  const params = [
    // A report's cell holds its public location too (or has it on its edge), the cells' edges being tenths of a degree.
    cellsAround(mode.centre, mode.radiusMiles),
    mode.centre.lat,
    mode.centre.lng,
    mode.radiusMiles,
    dates?.from ?? '-infinity',
    dates?.to ?? 'infinity',
    earliest,
    latest,
    MAX_RESULTS + 1,
    exact,
    make ?? null,
    years?.from ?? null,
    years?.to ?? null,
  ];
  return {
    sql: `SELECT search_place($1::int[], $2::float8, $3::float8, $4::float8, $5::date, $6::date, $7::timestamptz, $8::timestamptz,
      $9::int, $10::boolean, $11::text, $12::int, $13::int) AS found`,
    params,
  };
}

/**
 * A VIN or case-number search, one statement: the newest MAX_RESULTS + 1 matching reports (ids break ties in byte
 * order), then their public facts as one JSON document (a row of 11 columns each costs more to send and read). A VIN
 * or case number is looked up in report_ids, one unpartitioned table that indexes them, and each report it names read
 * whole in its own month alone (through reports' own indexes, a search without dates read every month's: 2.0 times a
 * key read at 1 million reports; read again as a place search's are, 1.6 times). A VIN search with a city or state puts
 * the reports there first. With `otherDates`, the MAX_OTHER_DATES reports outside the dates that are nearest them
 * instead.
 */
function searchSql({ mode, dates, make, years }: ReportSearch, otherDates = false): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const $ = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  /** The dates: the days, which prune the months read, and the instants, loosely, which bound an index ordered by occurred_at. */
  const bounds: string[] = [];
  /** What orders the reports before their time (newest first), each a column of the found reports. */
  const first: { sql: string; order: 'ASC' | 'DESC' }[] = [];
  /** A VIN's or case number's reports, as report_ids d finds them. */
  const facts: string[] = [];
  if (mode.kind === 'vin') {
    facts.push(`d.vins @> ARRAY[${$(mode.vin)}::text]`);
    const inState = mode.state === undefined ? undefined : `r.state = ${$(mode.state)}`;
    const inCity = mode.city === undefined ? undefined : `upper(r.city) = upper(${$(mode.city)})`;
    if (inCity !== undefined) first.push({ sql: inState === undefined ? inCity : `${inCity} AND ${inState}`, order: 'DESC' });
    if (inState !== undefined) first.push({ sql: inState, order: 'DESC' });
  }
  if (mode.kind === 'case') {
    facts.push(`d.case_key = ${$(mode.caseKey)}`);
    if (mode.state !== undefined) facts.push(`d.state = ${$(mode.state)}`);
    if (mode.city !== undefined) where.push(`upper(r.city) = upper(${$(mode.city)})`);
  }
  if (dates && otherDates) {
    const [from, to] = [`${$(dates.from)}::date`, `${$(dates.to)}::date`];
    where.push(`r.occurred_on NOT BETWEEN ${from} AND ${to}`);
    first.unshift({ sql: `least(abs(r.occurred_on - ${from}), abs(r.occurred_on - ${to}))`, order: 'ASC' });
  } else if (dates) {
    bounds.push(`r.occurred_on BETWEEN ${$(dates.from)}::date AND ${$(dates.to)}::date`);
    const [earliest, latest] = instantsOf(dates);
    bounds.push(`r.occurred_at >= ${$(earliest)}::timestamptz`, `r.occurred_at < ${$(latest)}::timestamptz`);
  }
  const byVehicle = make !== undefined || years !== undefined;
  if (byVehicle) {
    const unit = [make === undefined ? '' : `v->>'make' = ${$(make)}`, years ? `(v->>'year')::int BETWEEN ${$(years.from)}::int AND ${$(years.to)}::int` : ''];
    where.push(`EXISTS (SELECT 1 FROM json_array_elements(r.public_vehicles) v WHERE ${unit.filter(Boolean).join(' AND ')})`);
  }
  const limit = otherDates ? MAX_OTHER_DATES : MAX_RESULTS + 1;
  const from = `(SELECT r.* FROM report_ids d CROSS JOIN LATERAL (
      SELECT * FROM reports r WHERE ${['r.id = d.id', 'r.occurred_on = d.occurred_on', ...where, ...bounds].join(' AND ')} LIMIT 1
    ) r WHERE ${facts.join(' AND ')}) r`;
  const keys = first.map(({ sql }, i) => `, (${sql}) AS first${i}`).join('');
  const orderOf = (prefix: string) => first.map(({ order }, i) => `${prefix}first${i} ${order}, `).join('');
  const listed = `json_build_array(r.id, (extract(epoch FROM r.occurred_at) * 1000)::float8, r.utc_offset, r.city, r.state, r.lat, r.lng,
    r.injured_count, r.fatal_count, r.demo, r.public_vehicles)`;
  const top = `SELECT r.id, r.occurred_at, r.occurred_on${keys}, ${listed} AS listed FROM ${from}
    ${first.length > 0 ? `ORDER BY ${orderOf('')}occurred_at DESC, id COLLATE "C"` : NEWEST_FIRST} LIMIT ${limit}`;
  const sql = `WITH found AS (${top})
    SELECT json_agg(found.listed ORDER BY ${orderOf('found.')}found.occurred_at DESC, found.id COLLATE "C") AS found FROM found`;
  return { sql, params };
}

/** A found report as the statement lists it. */
type Found = [
  id: string,
  occurredMs: number,
  utcOffset: number,
  city: string,
  state: string,
  lat: number,
  lng: number,
  injuredCount: number | null,
  fatalCount: number | null,
  demo: boolean,
  vehicles: ListedVehicle[],
];

/** What search_place measures a place search's radius to, in SQL with the same floating-point steps. */
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The public facts a result shows, with its distance from the centre of a place search: from the public location, to
 * 0.1 mile, so no centre, however placed, tells more of where it happened than the location shown does.
 */
function resultOf([id, occurredMs, utcOffset, city, state, lat, lng, injuredCount, fatalCount, demo, vehicles]: Found, centre?: Point): SearchResult {
  const location = { lat: round3(lat), lng: round3(lng) };
  return {
    id,
    occurredAt: localIso(occurredMs, utcOffset),
    city,
    state,
    location,
    vehicles,
    ...(injuredCount === null ? {} : { injuredCount }),
    ...(fatalCount === null ? {} : { fatalCount }),
    demo,
    ...(centre && { distanceMiles: Math.round(miles(centre, location) * 10) / 10 }),
  };
}
