// Finds reports as a person remembers their accident: by a VIN of one of its vehicles, by its case number, or near a
// place in a date window; answers with public facts only, newest first.
import type { Queryable } from '../db/db.ts';
import { miles } from '../geo/distance.ts';
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

interface Candidate {
  id: string;
  lat: number;
  lng: number;
  occurred_at: Date;
}

export async function searchReports(db: Queryable, search: ReportSearch): Promise<{ count: number; results: SearchResult[] }> {
  const { sql, params } = candidatesSql(search);
  const { rows } = await db.query<Candidate>(sql, params);
  const { mode } = search;
  const found =
    mode.kind === 'place'
      ? rows.flatMap((r) => {
          const d = miles(mode.centre, r);
          return d <= mode.radiusMiles ? [{ ...r, distance: d }] : [];
        })
      : rows.map((r) => ({ ...r, distance: undefined }));
  found.sort((a, b) => b.occurred_at.getTime() - a.occurred_at.getTime() || (a.id < b.id ? -1 : 1));
  const shown = found.slice(0, MAX_RESULTS);
  const details = await resultDetails(db, shown.map((r) => r.id));
  const results = shown.flatMap(({ id, distance }) => {
    const result = details.get(id);
    if (!result) return [];
    return [distance === undefined ? result : { ...result, distanceMiles: Math.round(distance * 10) / 10 }];
  });
  return { count: found.length, results };
}

/** The reports that match, but for the distance: read through the index of the mode (VIN, case key or grid cells). */
function candidatesSql({ mode, dates, make, years }: ReportSearch): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const $ = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (mode.kind === 'vin') where.push(`r.id IN (SELECT report_id FROM report_units WHERE vin = ${$(mode.vin)})`);
  if (mode.kind === 'case') {
    where.push(`r.case_key = ${$(mode.caseKey)}`);
    if (mode.state !== undefined) where.push(`r.state = ${$(mode.state)}`);
    if (mode.city !== undefined) where.push(`upper(r.city) = upper(${$(mode.city)})`);
  }
  if (mode.kind === 'place') where.push(`r.geo_cell = ANY(${$(cellsAround(mode.centre, mode.radiusMiles))}::int[])`);
  if (dates) where.push(`r.occurred_on BETWEEN ${$(dates.from)}::date AND ${$(dates.to)}::date`);
  if (make !== undefined || years) {
    const unit = [make === undefined ? '' : `u.make = ${$(make)}`, years ? `u.year BETWEEN ${$(years.from)}::int AND ${$(years.to)}::int` : ''];
    where.push(`EXISTS (SELECT 1 FROM report_units u WHERE u.report_id = r.id AND ${unit.filter(Boolean).join(' AND ')})`);
  }
  return { sql: `SELECT r.id, r.lat, r.lng, r.occurred_at FROM reports r WHERE ${where.join(' AND ')}`, params };
}

interface DetailRow {
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

const DETAILS = `SELECT r.id, r.occurred_at, r.utc_offset, r.city, r.state, r.lat, r.lng, r.injured_count, r.fatal_count, r.demo,
  (SELECT json_agg(json_build_object('make', u.make, 'model', u.model, 'year', u.year, 'damage_area', u.damage_area) ORDER BY u.unit)
   FROM report_units u WHERE u.report_id = r.id) AS vehicles
  FROM reports r WHERE r.id = ANY($1::text[])`;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The public facts a result shows, by report id. */
async function resultDetails(db: Queryable, ids: string[]): Promise<Map<string, SearchResult>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<DetailRow>(DETAILS, [ids]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
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
      },
    ]),
  );
}
