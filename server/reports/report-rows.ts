// A report as stored: one row of reports, its vehicles and drivers in it, with the SQL columns it is written through
// (a JSON batch, or a COPY into the import's staging table).
import type { ListedVehicle, Vehicle } from './report-view.ts';

export interface ReportRow {
  id: string;
  source: string;
  crash_id: string;
  case_id: string | null;
  case_key: string | null;
  /** As the feed wrote it, with its offset. */
  occurred_at: string;
  utc_offset: number;
  occurred_on: string;
  state: string;
  county: string | null;
  city: string;
  zip: string | null;
  lat: number;
  lng: number;
  geo_cell: number;
  street: string | null;
  police_department: string | null;
  weather: string | null;
  road_condition: string | null;
  light: string | null;
  /** The feed's words for a value no code stands for (the value is then other). */
  weather_text: string | null;
  road_condition_text: string | null;
  light_text: string | null;
  speed_limit: number | null;
  injured_count: number | null;
  fatal_count: number | null;
  narrative: string | null;
  demo: boolean;
  /** Its vehicles and their drivers (MMUCC units and persons), one JSON document. */
  vehicles: Vehicle[];
  /** Its vehicles' VINs, in capitals: what the VIN search and the proof of involvement compare. */
  vins: string[];
  /** Its vehicles as a search lists them (and filters them by make and year), in unit order. */
  public_vehicles: ListedVehicle[];
}

/** A column's name and SQL type. */
export type Columns<Row> = readonly (readonly [keyof Row & string, string])[];

/** Every column of ReportRow with its SQL type, in the order COPY writes them. */
export const REPORT_COLUMNS: Columns<ReportRow> = [
  ['id', 'text'],
  ['source', 'text'],
  ['crash_id', 'text'],
  ['case_id', 'text'],
  ['case_key', 'text'],
  ['occurred_at', 'timestamptz'],
  ['utc_offset', 'smallint'],
  ['occurred_on', 'date'],
  ['state', 'text'],
  ['county', 'text'],
  ['city', 'text'],
  ['zip', 'text'],
  ['lat', 'double precision'],
  ['lng', 'double precision'],
  ['geo_cell', 'integer'],
  ['street', 'text'],
  ['police_department', 'text'],
  ['weather', 'text'],
  ['road_condition', 'text'],
  ['light', 'text'],
  ['weather_text', 'text'],
  ['road_condition_text', 'text'],
  ['light_text', 'text'],
  ['speed_limit', 'smallint'],
  ['injured_count', 'smallint'],
  ['fatal_count', 'smallint'],
  ['narrative', 'text'],
  ['demo', 'boolean'],
  ['vehicles', 'json'],
  ['vins', 'text[]'],
  ['public_vehicles', 'json'],
];
