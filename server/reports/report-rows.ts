// A report as stored: one row of reports and one per unit (its driver's columns beside it), with the SQL columns both
// are written through (a JSON batch or a COPY of the import's staging tables).

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
  police_department: string;
  weather: string | null;
  road_condition: string | null;
  light: string | null;
  speed_limit: number | null;
  injured_count: number | null;
  fatal_count: number | null;
  narrative: string | null;
  demo: boolean;
}

/** A unit of a report, with its driver's columns (first_name null when it has none). */
export interface UnitRow {
  /** The id the report was prepared with; the stored report's when that is another (an amendment). */
  report_id: string;
  unit: number;
  vin: string | null;
  make: string;
  model: string | null;
  year: number | null;
  damage_area: string | null;
  towed_by: string | null;
  insured: boolean | null;
  at_fault: boolean | null;
  occupants: number | null;
  seatbelt: boolean | null;
  airbags: boolean | null;
  first_name: string | null;
  last_name: string | null;
  age: number | null;
  gender: string | null;
  ethnicity: string | null;
  residence_city: string | null;
  residence_state: string | null;
  residence_zip: string | null;
  licence_type: string | null;
  licence_state: string | null;
}

type Columns<Row> = readonly (readonly [keyof Row & string, string])[];

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
  ['speed_limit', 'smallint'],
  ['injured_count', 'smallint'],
  ['fatal_count', 'smallint'],
  ['narrative', 'text'],
  ['demo', 'boolean'],
];

/** Every column of UnitRow with its SQL type. */
export const UNIT_COLUMNS: Columns<UnitRow> = [
  ['report_id', 'text'],
  ['unit', 'smallint'],
  ['vin', 'text'],
  ['make', 'text'],
  ['model', 'text'],
  ['year', 'smallint'],
  ['damage_area', 'text'],
  ['towed_by', 'text'],
  ['insured', 'boolean'],
  ['at_fault', 'boolean'],
  ['occupants', 'smallint'],
  ['seatbelt', 'boolean'],
  ['airbags', 'boolean'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['age', 'smallint'],
  ['gender', 'text'],
  ['ethnicity', 'text'],
  ['residence_city', 'text'],
  ['residence_state', 'text'],
  ['residence_zip', 'text'],
  ['licence_type', 'text'],
  ['licence_state', 'text'],
];

/** The report_units columns of a UnitRow (the rest are its driver's, in report_persons). */
export const UNIT_TABLE_COLUMNS = ['report_id', 'unit', 'vin', 'make', 'model', 'year', 'damage_area', 'towed_by', 'insured', 'at_fault', 'occupants', 'seatbelt', 'airbags'] as const;
/** The report_persons columns of a UnitRow (role is the default, driver). */
export const PERSON_TABLE_COLUMNS = [
  'report_id',
  'unit',
  'first_name',
  'last_name',
  'age',
  'gender',
  'ethnicity',
  'residence_city',
  'residence_state',
  'residence_zip',
  'licence_type',
  'licence_state',
] as const;
