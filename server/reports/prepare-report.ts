// Turns one report as sent into the rows stored, or says what rejects it: the feed's spellings read and what the format
// refuses left out (normalise-report.ts, with warnings), then what no schema can check (a real state, unit numbers, a
// time not to come nor before 1900, a place to put it). Only what a report is known, found and proved by rejects it.
import { randomBytes } from 'node:crypto';
import { EARLIEST_DAY } from '../date-bounds.ts';
import { geoCell } from './geo-cell.ts';
import { normaliseReport, VIN_PATTERN, type FieldWarning } from './normalise-report.ts';
import type { DriverInput, FieldError, UnitInput } from './report-input.ts';
import type { ReportPlaces } from './report-places.ts';
import type { ReportRow } from './report-rows.ts';
import { listedVehicle, type Vehicle } from './report-view.ts';

/** A report stored with what was stored otherwise than sent (the first warnings, and how many more), or what rejects it. */
export type Prepared = { ok: true; report: ReportRow; warnings: FieldWarning[]; warningsLeftOut: number } | { ok: false; errors: FieldError[] };

export interface PrepareContext {
  places: ReportPlaces;
  /** The server's clock, ms since the epoch: occurredAt may not be later. */
  now: number;
  /** Mark the report as demo data (synthetic, shown labelled). */
  demo?: boolean;
}

/** Clocks differ: a report a few minutes "in the future" is a feed's clock running fast, not a mistake. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const ID_BYTES = 16;
/** Random bytes for this many ids at a time: one call to the system's generator instead of one per report. */
const IDS_PER_DRAW = 1024;
let pool = Buffer.alloc(0);
let used = 0;

/** A new report's public id: 16 random bytes, base64url (22 characters). */
export function newReportId(): string {
  if (used + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * IDS_PER_DRAW);
    used = 0;
  }
  used += ID_BYTES;
  return pool.toString('base64url', used - ID_BYTES, used);
}

/** A case number as people type it compared as stored: capitals, without spaces or dashes. */
export const caseKeyOf = (caseId: string) => caseId.toUpperCase().replace(/[\s-]+/g, '');

export function prepareReport(input: unknown, { places, now, demo = false }: PrepareContext): Prepared {
  const read = normaliseReport(input);
  if (!read.ok) return read;
  const { report: r, warnings, warningsLeftOut } = read;
  const errors: FieldError[] = [];
  const state = places.normalizeState(r.state);
  if (state === undefined) errors.push({ field: '/state', message: 'is not a US state or territory' });
  const time = Date.parse(r.occurredAt);
  if (time > now + CLOCK_SKEW_MS) errors.push({ field: '/occurredAt', message: 'may not be in the future' });
  // The accident's own day, as the search and the alerts read it: year 0 is no date of PostgreSQL, and no crash on file is older.
  if (r.occurredAt.slice(0, 10) < EARLIEST_DAY) errors.push({ field: '/occurredAt', message: `may not be before ${EARLIEST_DAY}` });
  const seen = new Set<number>();
  r.units.forEach((u, i) => {
    if (seen.has(u.unit)) errors.push({ field: `/units/${i}/unit`, message: 'repeats the number of another unit of the report' });
    seen.add(u.unit);
  });
  const known = state === undefined || r.city === undefined ? undefined : places.cityOf(state, r.city);
  const location = r.location ?? known?.middle;
  if (!location && state !== undefined) errors.push({ field: '/city', message: `is not a city of ${state} the gazetteer knows: send location` });
  // A report with a location and no city is put in the gazetteer's city nearest it in its state.
  const city = known?.city ?? r.city?.trim() ?? (state !== undefined && location ? places.cityNear(location, state) : undefined);
  if (location && state !== undefined && city === undefined)
    errors.push({ field: '/city', message: `is required: no city of ${state} the gazetteer knows is near location` });
  if (errors.length > 0 || state === undefined || !location || city === undefined) return { ok: false, errors };
  const offset = utcOffsetOf(r.occurredAt);
  const vehicles = r.units.map(vehicleOf).sort((a, b) => a.unit - b.unit);
  const report: ReportRow = {
    id: newReportId(),
    source: r.source,
    crash_id: r.crashId,
    case_id: r.caseId ?? null,
    case_key: r.caseId === undefined ? null : caseKeyOf(r.caseId),
    occurred_at: r.occurredAt,
    utc_offset: offset,
    // The date as written is the local one: the offset is the accident's own.
    occurred_on: r.occurredAt.slice(0, 10),
    state,
    county: r.county ?? null,
    city,
    zip: r.zip ?? null,
    lat: location.lat,
    lng: location.lng,
    geo_cell: geoCell(location),
    street: r.street ?? null,
    police_department: r.policeDepartment ?? null,
    weather: r.weather ?? null,
    road_condition: r.roadCondition ?? null,
    light: r.light ?? null,
    weather_text: r.weatherText ?? null,
    road_condition_text: r.roadConditionText ?? null,
    light_text: r.lightText ?? null,
    speed_limit: r.speedLimit ?? null,
    injured_count: r.injuredCount ?? null,
    fatal_count: r.fatalCount ?? null,
    narrative: r.narrative ?? null,
    demo,
    vehicles,
    // Only a VIN that is one is searched and taken as a proof; another is kept as text (normaliseReport warned).
    vins: vehicles.flatMap((v) => (v.vin === null || !VIN_PATTERN.test(v.vin) ? [] : [v.vin])),
    public_vehicles: vehicles.map(listedVehicle),
  };
  return { ok: true, report, warnings, warningsLeftOut };
}

/** Minutes east of UTC of an ISO 8601 time's own offset (Z is 0). */
export function utcOffsetOf(iso: string): number {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

function vehicleOf(u: UnitInput): Vehicle {
  const d: DriverInput | undefined = u.driver;
  return {
    unit: u.unit,
    make: u.make.trim().toUpperCase(),
    model: u.model ?? null,
    year: u.year ?? null,
    damageArea: u.damageArea ?? null,
    ...(u.damageAreaText !== undefined && { damageAreaText: u.damageAreaText }),
    vin: u.vin?.toUpperCase() ?? null,
    towedBy: u.towedBy ?? null,
    insured: u.insured ?? null,
    atFault: u.atFault ?? null,
    occupants: u.occupants ?? null,
    seatbelt: u.seatbelt ?? null,
    ...(u.seatbeltText !== undefined && { seatbeltText: u.seatbeltText }),
    airbags: u.airbags ?? null,
    ...(u.airbagsText !== undefined && { airbagsText: u.airbagsText }),
    driver:
      d === undefined
        ? null
        : {
            firstName: d.firstName,
            lastName: d.lastName,
            age: d.age ?? null,
            gender: d.gender ?? null,
            ...(d.genderText !== undefined && { genderText: d.genderText }),
            ethnicity: d.ethnicity ?? null,
            ...(d.ethnicityText !== undefined && { ethnicityText: d.ethnicityText }),
            residence: d.residence === undefined ? null : { city: d.residence.city, state: d.residence.state.toUpperCase(), zip: d.residence.zip ?? null },
            licenceType: d.licenceType ?? null,
            licenceState: d.licenceState?.toUpperCase() ?? null,
          },
  };
}
