// A report as feeds send it: the shape of schemas/report.schema.json once it has passed that schema (after
// normalise-report.ts has read the feed's spellings). A *Text field is the feed's words for a value no code stands for.

export interface ReportInput {
  source: string;
  crashId: string;
  caseId?: string;
  /** ISO 8601 with the local offset: 2026-11-20T17:30:00-06:00. */
  occurredAt: string;
  state: string;
  county?: string;
  /** Without it, location is given (the gazetteer's nearest city is stored). */
  city?: string;
  zip?: string;
  location?: { lat: number; lng: number };
  street?: string;
  policeDepartment?: string;
  weather?: string;
  weatherText?: string;
  roadCondition?: string;
  roadConditionText?: string;
  light?: string;
  lightText?: string;
  speedLimit?: number;
  injuredCount?: number;
  fatalCount?: number;
  narrative?: string;
  units: UnitInput[];
}

export interface UnitInput {
  unit: number;
  vin?: string;
  make: string;
  model?: string;
  year?: number;
  damageArea?: string;
  damageAreaText?: string;
  towedBy?: string;
  insured?: boolean;
  atFault?: boolean;
  occupants?: number;
  seatbelt?: boolean;
  seatbeltText?: string;
  airbags?: boolean;
  airbagsText?: string;
  driver?: DriverInput;
}

export interface DriverInput {
  firstName: string;
  lastName: string;
  age?: number;
  gender?: string;
  genderText?: string;
  ethnicity?: string;
  ethnicityText?: string;
  residence?: { city: string; state: string; zip?: string };
  licenceType?: string;
  licenceState?: string;
}

/** One problem of a report: a JSON pointer into it (/units/0/vin) and what is wrong there. */
export interface FieldError {
  field: string;
  message: string;
}
