// Finds reports as a person remembers their accident: by a VIN of one of its vehicles, by its case number, or near a
// place in a date window (the grid cells around it, then the haversine distance); public facts only, newest first.
import type { Queryable } from '../db/db.ts';
import { EARTH_RADIUS_MILES } from '../geo/distance.ts';
import type { Point } from '../geo/gazetteer.ts';
import { cellsAround } from './geo-cell.ts';
import { localIso } from './report-view.ts';

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

/** At most this many results; count says how many were found. */
export const MAX_RESULTS = 100;

export async function searchReports(db: Queryable, search: ReportSearch): Promise<{ count: number; results: SearchResult[] }> {
  const { sql, params } = searchSql(search);
  const { rows } = await db.query<ResultRow>(sql, params);
  return { count: rows[0]?.total ?? 0, results: rows.map(resultOf) };
}

/** The haversine distance in miles from the point (lat, lng) to r, worked out as server/geo/distance.ts miles() does. */
const milesSql = (lat: string, lng: string) =>
  `2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(sin(radians(r.lat - ${lat}) / 2) ^ 2 + cos(radians(${lat})) * cos(radians(r.lat)) * sin(radians(r.lng - ${lng}) / 2) ^ 2)))`;

/**
 * One statement: the matching reports, read through the index of the mode (VIN, case key, or grid cells and days, then
 * the distance), counted, and the newest MAX_RESULTS with their vehicles; ids break ties in byte order.
 */
function searchSql({ mode, dates, make, years }: ReportSearch): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const $ = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  let distance = 'NULL::float8';
  if (mode.kind === 'vin') where.push(`r.id IN (SELECT report_id FROM report_units WHERE vin = ${$(mode.vin)})`);
  if (mode.kind === 'case') {
    where.push(`r.case_key = ${$(mode.caseKey)}`);
    if (mode.state !== undefined) where.push(`r.state = ${$(mode.state)}`);
    if (mode.city !== undefined) where.push(`upper(r.city) = upper(${$(mode.city)})`);
  }
  if (mode.kind === 'place') {
    where.push(`r.geo_cell = ANY(${$(cellsAround(mode.centre, mode.radiusMiles))}::int[])`);
    distance = milesSql(`${$(mode.centre.lat)}::float8`, `${$(mode.centre.lng)}::float8`);
  }
  if (dates) where.push(`r.occurred_on BETWEEN ${$(dates.from)}::date AND ${$(dates.to)}::date`);
  if (make !== undefined || years) {
    const unit = [make === undefined ? '' : `u.make = ${$(make)}`, years ? `u.year BETWEEN ${$(years.from)}::int AND ${$(years.to)}::int` : ''];
    where.push(`EXISTS (SELECT 1 FROM report_units u WHERE u.report_id = r.id AND ${unit.filter(Boolean).join(' AND ')})`);
  }
  const within = mode.kind === 'place' ? `WHERE miles <= ${$(mode.radiusMiles)}::float8` : '';
  const sql = `WITH found AS (
      SELECT r.id, r.occurred_at, ${distance} AS miles FROM reports r WHERE ${where.join(' AND ')}
    ), shown AS (
      SELECT id, occurred_at, miles, count(*) OVER () AS total FROM found ${within}
      ORDER BY occurred_at DESC, id COLLATE "C" LIMIT ${MAX_RESULTS}
    )
    SELECT shown.total::int AS total, shown.miles, r.id, r.occurred_at, r.utc_offset, r.city, r.state, r.lat, r.lng,
      r.injured_count, r.fatal_count, r.demo,
      (SELECT json_agg(json_build_object('make', u.make, 'model', u.model, 'year', u.year, 'damage_area', u.damage_area) ORDER BY u.unit)
       FROM report_units u WHERE u.report_id = r.id) AS vehicles
    FROM shown JOIN reports r ON r.id = shown.id ORDER BY shown.occurred_at DESC, shown.id COLLATE "C"`;
  return { sql, params };
}

interface ResultRow {
  total: number;
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
  vehicles: { make: string; model: string | null; year: number | null; damage_area: string | null }[] | null;
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
    vehicles: (r.vehicles ?? []).map((v) => ({
      make: v.make,
      ...(v.model === null ? {} : { model: v.model }),
      ...(v.year === null ? {} : { year: v.year }),
      ...(v.damage_area === null ? {} : { damageArea: v.damage_area }),
    })),
    ...(r.injured_count === null ? {} : { injuredCount: r.injured_count }),
    ...(r.fatal_count === null ? {} : { fatalCount: r.fatal_count }),
    demo: r.demo,
    ...(r.miles === null ? {} : { distanceMiles: Math.round(r.miles * 10) / 10 }),
  };
}
