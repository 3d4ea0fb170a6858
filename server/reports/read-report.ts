// Reads a stored report with its vehicles and drivers (one row), as the report views are made of it: its day, from
// report_ids, prunes the read to its month's partition.
import type { Queryable } from '../db/db.ts';
import type { ReportRow as StoredReportRow } from './report-rows.ts';
import { REPORT_ID } from '../../engine/site-pages.ts';
import { localIso, type FullReport } from './report-view.ts';

/** A stored report and what proves involvement in it: its units' VINs (capitals) and its case key. */
export interface StoredReport {
  report: FullReport;
  vins: string[];
  caseKey: string | null;
}

/** A report row as read: its time as ms since the epoch instead of the feed's text, and none of the write-only columns. */
interface ReportRow extends Omit<StoredReportRow, 'source' | 'occurred_at' | 'occurred_on' | 'geo_cell' | 'public_vehicles'> {
  occurred_ms: number;
}

const REPORT_SQL = `SELECT id, crash_id, case_id, case_key, (extract(epoch FROM occurred_at) * 1000)::float8 AS occurred_ms,
  utc_offset::int AS utc_offset, state, county, city, zip, lat::float8 AS lat, lng::float8 AS lng, street, police_department,
  weather, road_condition, light, weather_text, road_condition_text, light_text, speed_limit::int AS speed_limit, injured_count::int AS injured_count,
  fatal_count::int AS fatal_count, narrative, demo, vehicles, vins
  FROM reports WHERE id = $1 AND occurred_on = (SELECT occurred_on FROM report_ids WHERE id = $1)`;

/** The report with this id, whole, or undefined. */
export async function readReport(q: Queryable, id: string): Promise<StoredReport | undefined> {
  if (!REPORT_ID.test(id)) return undefined;
  const { rows } = await q.query<ReportRow>(REPORT_SQL, [id]);
  const row = rows[0];
  if (!row) return undefined;
  const { vehicles } = row;
  const given = vehicles.flatMap((v) => (v.occupants === null ? [] : [v.occupants]));
  const report: FullReport = {
    id: row.id,
    demo: row.demo,
    occurredAt: localIso(row.occurred_ms, row.utc_offset),
    state: row.state,
    county: row.county,
    city: row.city,
    zip: row.zip,
    location: { lat: row.lat, lng: row.lng },
    policeDepartment: row.police_department,
    weather: row.weather,
    ...(row.weather_text !== null && { weatherText: row.weather_text }),
    roadCondition: row.road_condition,
    ...(row.road_condition_text !== null && { roadConditionText: row.road_condition_text }),
    light: row.light,
    ...(row.light_text !== null && { lightText: row.light_text }),
    speedLimit: row.speed_limit,
    injuredCount: row.injured_count,
    fatalCount: row.fatal_count,
    vehicleCount: vehicles.length,
    occupantCount: given.length === 0 ? null : given.reduce((a, b) => a + b, 0),
    crashId: row.crash_id,
    caseId: row.case_id,
    street: row.street,
    narrative: row.narrative,
    vehicles,
  };
  return { report, vins: row.vins, caseKey: row.case_key };
}
