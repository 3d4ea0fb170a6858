// Finds reports as a person remembers their accident: by a VIN of one of its vehicles, by its case number, or near a
// place in a date window (the grid cells around it, then the haversine distance); public facts only, newest first.
import type { Queryable } from '../db/db.ts';
import { EARTH_RADIUS_MILES, miles } from '../geo/distance.ts';
import type { Point } from '../geo/gazetteer.ts';
import { cellsAround } from './geo-cell.ts';
import { localIso, type ListedVehicle } from './report-view.ts';

export type SearchMode =
  | { kind: 'vin'; vin: string }
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
}

/** At most this many results; more says whether others matched too. */
export const MAX_RESULTS = 50;

/** An offset is less than a day: an instant a day or more outside some local days is on none of them. */
const DAY_MS = 86_400_000;

export interface SearchAnswer {
  /** How many results there are (at most MAX_RESULTS). */
  count: number;
  /** More reports matched than are listed: the newest are. */
  more: boolean;
  results: SearchResult[];
}

export async function searchReports(db: Queryable, search: ReportSearch): Promise<SearchAnswer> {
  const { sql, params } = searchSql(search);
  const { rows } = await db.query<{ found: Found[] | null }>(sql, params);
  const found = rows[0]?.found ?? [];
  const centre = search.mode.kind === 'place' ? search.mode.centre : undefined;
  const results = found.slice(0, MAX_RESULTS).map((f) => resultOf(f, centre));
  return { count: results.length, more: found.length > MAX_RESULTS, results };
}

/** SQL for the haversine distance in miles from the point (lat, lng) to the report r, worked out as server/geo/distance.ts miles() does. */
export const milesSql = (lat: string, lng: string) =>
  `2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(sin(radians(r.lat - ${lat}) / 2) ^ 2 + cos(radians(${lat})) * cos(radians(r.lat)) * sin(radians(r.lng - ${lng}) / 2) ^ 2)))`;

const NEWEST_FIRST = 'ORDER BY occurred_at DESC, id COLLATE "C"';

/** A cell no report is in (geo_cell is never negative). */
const NO_CELL = -1;
const CELLS_STEP = 8;

/**
 * The cells with NO_CELL up to a multiple of CELLS_STEP: the statement's text depends on how many cells it reads, and
 * the server prepares each text once per connection, so a few texts serve every point (planning one costs more than
 * an empty branch).
 */
const padded = (cells: number[]) => [...cells, ...Array<number>((CELLS_STEP - (cells.length % CELLS_STEP)) % CELLS_STEP).fill(NO_CELL)];

/**
 * One statement: the newest MAX_RESULTS + 1 matching reports (ids break ties in byte order), read through the index of
 * the mode, then their public facts as one JSON document (a row of 11 columns each costs more to send and read). A place
 * search reads each grid cell around the point newest first from reports_geo_idx alone (an index-only scan bounded by
 * the dates' instants), merges the cells, and checks the distance and the days on the merged reports, so it stops after
 * MAX_RESULTS + 1 however many reports the area holds; OFFSET 0 keeps those checks above the merge, where the planner
 * would copy them into every cell's scan, whose setup then costs more than the reports read.
 */
function searchSql({ mode, dates, make, years }: ReportSearch): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const $ = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  /** The dates as instants, loosely: what an index ordered by occurred_at can be bounded by. */
  const bounds: string[] = [];
  if (mode.kind === 'vin') where.push(`r.vins @> ARRAY[${$(mode.vin)}::text]`);
  if (mode.kind === 'case') {
    where.push(`r.case_key = ${$(mode.caseKey)}`);
    if (mode.state !== undefined) where.push(`r.state = ${$(mode.state)}`);
    if (mode.city !== undefined) where.push(`upper(r.city) = upper(${$(mode.city)})`);
  }
  if (dates) {
    where.push(`r.occurred_on BETWEEN ${$(dates.from)}::date AND ${$(dates.to)}::date`);
    const earliest = new Date(Date.parse(`${dates.from}T00:00:00Z`) - DAY_MS).toISOString();
    const latest = new Date(Date.parse(`${dates.to}T00:00:00Z`) + 2 * DAY_MS).toISOString();
    bounds.push(`r.occurred_at >= ${$(earliest)}::timestamptz`, `r.occurred_at < ${$(latest)}::timestamptz`);
  }
  const byVehicle = make !== undefined || years !== undefined;
  if (byVehicle) {
    const unit = [make === undefined ? '' : `v->>'make' = ${$(make)}`, years ? `(v->>'year')::int BETWEEN ${$(years.from)}::int AND ${$(years.to)}::int` : ''];
    where.push(`EXISTS (SELECT 1 FROM json_array_elements(r.public_vehicles) v WHERE ${unit.filter(Boolean).join(' AND ')})`);
  }
  let from = 'reports r';
  if (mode.kind === 'place') {
    where.push(`${milesSql(`${$(mode.centre.lat)}::float8`, `${$(mode.centre.lng)}::float8`)} <= ${$(mode.radiusMiles)}::float8`);
    const columns = `r.id, r.occurred_at, r.occurred_on, r.lat, r.lng${byVehicle ? ', r.public_vehicles' : ''}`;
    const cells = padded(cellsAround(mode.centre, mode.radiusMiles)).map(
      (cell) => `(SELECT ${columns} FROM reports r WHERE ${[`r.geo_cell = ${$(cell)}::int`, ...bounds].join(' AND ')} ${NEWEST_FIRST})`,
    );
    from = `(SELECT * FROM (${cells.join(' UNION ALL ')}) cells ${NEWEST_FIRST} OFFSET 0) r`;
  } else {
    where.push(...bounds);
  }
  const sql = `WITH found AS (SELECT r.id, r.occurred_at FROM ${from} WHERE ${where.join(' AND ')} ${NEWEST_FIRST} LIMIT ${MAX_RESULTS + 1})
    SELECT json_agg(json_build_array(r.id, (extract(epoch FROM r.occurred_at) * 1000)::float8, r.utc_offset, r.city, r.state,
      r.lat, r.lng, r.injured_count, r.fatal_count, r.demo, r.public_vehicles) ORDER BY found.occurred_at DESC, found.id COLLATE "C") AS found
    FROM found JOIN reports r ON r.id = found.id`;
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

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The public facts a result shows, with its distance from the centre of a place search. */
function resultOf([id, occurredMs, utcOffset, city, state, lat, lng, injuredCount, fatalCount, demo, vehicles]: Found, centre?: Point): SearchResult {
  return {
    id,
    occurredAt: localIso(occurredMs, utcOffset),
    city,
    state,
    location: { lat: round3(lat), lng: round3(lng) },
    vehicles,
    ...(injuredCount === null ? {} : { injuredCount }),
    ...(fatalCount === null ? {} : { fatalCount }),
    demo,
    ...(centre && { distanceMiles: Math.round(miles(centre, { lat, lng }) * 10) / 10 }),
  };
}
