// Finds reports as a person remembers their accident: by a VIN of one of its vehicles, by its case number, or near a
// place in a date window (the grid cells around it, then the haversine distance); public facts only, newest first.
import type { Queryable } from '../db/db.ts';
import { EARTH_RADIUS_MILES } from '../geo/distance.ts';
import type { Point } from '../geo/gazetteer.ts';
import { cellsAround } from './geo-cell.ts';
import { localIso, type PublicVehicle } from './report-view.ts';

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
  vehicles: { make: string; model?: string; year?: number; damageArea?: string }[];
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
  const { rows } = await db.query<ResultRow>(sql, params);
  const results = rows.slice(0, MAX_RESULTS).map(resultOf);
  return { count: results.length, more: rows.length > MAX_RESULTS, results };
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
 * the mode, then their rows. A place search reads each grid cell around the point newest first through
 * reports_geo_idx (an index-only scan, the distance checked on the index's lat and lng) and merges the cells, so it
 * stops after MAX_RESULTS + 1 however many reports the area holds.
 */
function searchSql({ mode, dates, make, years }: ReportSearch): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const $ = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (mode.kind === 'vin') where.push(`r.vins @> ARRAY[${$(mode.vin)}::text]`);
  if (mode.kind === 'case') {
    where.push(`r.case_key = ${$(mode.caseKey)}`);
    if (mode.state !== undefined) where.push(`r.state = ${$(mode.state)}`);
    if (mode.city !== undefined) where.push(`upper(r.city) = upper(${$(mode.city)})`);
  }
  if (dates) {
    where.push(`r.occurred_on BETWEEN ${$(dates.from)}::date AND ${$(dates.to)}::date`);
    // The same days as instants, loosely: what an index ordered by occurred_at can be bounded by.
    const earliest = new Date(Date.parse(`${dates.from}T00:00:00Z`) - DAY_MS).toISOString();
    const latest = new Date(Date.parse(`${dates.to}T00:00:00Z`) + 2 * DAY_MS).toISOString();
    where.push(`r.occurred_at >= ${$(earliest)}::timestamptz AND r.occurred_at < ${$(latest)}::timestamptz`);
  }
  if (make !== undefined || years) {
    const unit = [make === undefined ? '' : `v->>'make' = ${$(make)}`, years ? `(v->>'year')::int BETWEEN ${$(years.from)}::int AND ${$(years.to)}::int` : ''];
    where.push(`EXISTS (SELECT 1 FROM json_array_elements(r.vehicles) v WHERE ${unit.filter(Boolean).join(' AND ')})`);
  }
  let found: string;
  if (mode.kind === 'place') {
    const miles = milesSql(`${$(mode.centre.lat)}::float8`, `${$(mode.centre.lng)}::float8`);
    where.push(`${miles} <= ${$(mode.radiusMiles)}::float8`);
    const cells = padded(cellsAround(mode.centre, mode.radiusMiles)).map(
      (cell) => `(SELECT r.id, r.occurred_at, ${miles} AS miles FROM reports r WHERE r.geo_cell = ${$(cell)}::int AND ${where.join(' AND ')} ${NEWEST_FIRST})`,
    );
    found = `SELECT * FROM (${cells.join(' UNION ALL ')}) cells`;
  } else {
    found = `SELECT r.id, r.occurred_at, NULL::float8 AS miles FROM reports r WHERE ${where.join(' AND ')}`;
  }
  const sql = `WITH found AS (${found} ${NEWEST_FIRST} LIMIT ${MAX_RESULTS + 1})
    SELECT found.miles, r.id, r.occurred_at, r.utc_offset, r.city, r.state, r.lat, r.lng, r.injured_count, r.fatal_count,
      r.demo, r.vehicles
    FROM found JOIN reports r ON r.id = found.id ORDER BY found.occurred_at DESC, found.id COLLATE "C"`;
  return { sql, params };
}

interface ResultRow {
  miles: number | null;
  id: string;
  occurred_at: Date;
  utc_offset: number;
  city: string;
  state: string;
  lat: number;
  lng: number;
  injured_count: number | null;
  fatal_count: number | null;
  demo: boolean;
  vehicles: PublicVehicle[];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The public facts a result shows. */
function resultOf(r: ResultRow): SearchResult {
  return {
    id: r.id,
    occurredAt: localIso(r.occurred_at.getTime(), r.utc_offset),
    city: r.city,
    state: r.state,
    location: { lat: round3(r.lat), lng: round3(r.lng) },
    vehicles: r.vehicles.map((v) => ({
      make: v.make,
      ...(v.model === null ? {} : { model: v.model }),
      ...(v.year === null ? {} : { year: v.year }),
      ...(v.damageArea === null ? {} : { damageArea: v.damageArea }),
    })),
    ...(r.injured_count === null ? {} : { injuredCount: r.injured_count }),
    ...(r.fatal_count === null ? {} : { fatalCount: r.fatal_count }),
    demo: r.demo,
    ...(r.miles === null ? {} : { distanceMiles: Math.round(r.miles * 10) / 10 }),
  };
}
