// Reads a stored report with its vehicles and drivers (two queries), as the report views are made of it.
import type { Queryable } from '../db/db.ts';
import type { ReportRow as StoredReportRow, UnitRow as StoredUnitRow } from './report-rows.ts';
import { localIso, REPORT_ID, type Driver, type FullReport, type Vehicle } from './report-view.ts';

/** A stored report and what proves involvement in it: its units' VINs (capitals) and its case key. */
export interface StoredReport {
  report: FullReport;
  vins: string[];
  caseKey: string | null;
}

/** A report row as read: its time as ms since the epoch instead of the feed's text, and none of the write-only columns. */
interface ReportRow extends Omit<StoredReportRow, 'source' | 'occurred_at' | 'occurred_on' | 'geo_cell'> {
  occurred_ms: number;
}

/** A unit row as read (its report is known). */
type UnitRow = Omit<StoredUnitRow, 'report_id'>;

const REPORT_SQL = `SELECT id, crash_id, case_id, case_key, (extract(epoch FROM occurred_at) * 1000)::float8 AS occurred_ms,
  utc_offset::int AS utc_offset, state, county, city, zip, lat::float8 AS lat, lng::float8 AS lng, street, police_department,
  weather, road_condition, light, speed_limit::int AS speed_limit, injured_count::int AS injured_count,
  fatal_count::int AS fatal_count, narrative, demo
  FROM reports WHERE id = $1`;

const UNITS_SQL = `SELECT u.unit::int AS unit, u.vin, u.make, u.model, u.year::int AS year, u.damage_area, u.towed_by, u.insured,
  u.at_fault, u.occupants::int AS occupants, u.seatbelt, u.airbags, p.first_name, p.last_name, p.age::int AS age, p.gender,
  p.ethnicity, p.residence_city, p.residence_state, p.residence_zip, p.licence_type, p.licence_state
  FROM report_units u LEFT JOIN report_persons p ON p.report_id = u.report_id AND p.unit = u.unit AND p.role = 'driver'
  WHERE u.report_id = $1 ORDER BY u.unit`;

/** The report with this id, whole, or undefined. */
export async function readReport(q: Queryable, id: string): Promise<StoredReport | undefined> {
  if (!REPORT_ID.test(id)) return undefined;
  const [{ rows: reports }, { rows: units }] = await Promise.all([q.query<ReportRow>(REPORT_SQL, [id]), q.query<UnitRow>(UNITS_SQL, [id])]);
  const row = reports[0];
  if (!row) return undefined;
  const vehicles = units.map(vehicleOf);
  const given = vehicles.flatMap((v) => (v.occupants === null ? [] : [v.occupants]));
  const report: FullReport = {
    id: row.id,
    demo: row.demo,
    occurredAt: localIso(Number(row.occurred_ms), row.utc_offset),
    state: row.state,
    county: row.county,
    city: row.city,
    zip: row.zip,
    location: { lat: row.lat, lng: row.lng },
    policeDepartment: row.police_department,
    weather: row.weather,
    roadCondition: row.road_condition,
    light: row.light,
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
  return { report, vins: vehicles.flatMap((v) => (v.vin === null ? [] : [v.vin.toUpperCase()])), caseKey: row.case_key };
}

function vehicleOf(u: UnitRow): Vehicle {
  const driver: Driver | null =
    u.first_name === null || u.last_name === null
      ? null
      : {
          firstName: u.first_name,
          lastName: u.last_name,
          age: u.age,
          gender: u.gender,
          ethnicity: u.ethnicity,
          residence: u.residence_city === null || u.residence_state === null ? null : { city: u.residence_city, state: u.residence_state, zip: u.residence_zip },
          licenceType: u.licence_type,
          licenceState: u.licence_state,
        };
  return {
    unit: u.unit,
    make: u.make,
    model: u.model,
    year: u.year,
    damageArea: u.damage_area,
    vin: u.vin,
    towedBy: u.towed_by,
    insured: u.insured,
    atFault: u.at_fault,
    occupants: u.occupants,
    seatbelt: u.seatbelt,
    airbags: u.airbags,
    driver,
  };
}
