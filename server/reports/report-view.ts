// A report as GET /api/reports/:id and its PDF show it: whole for a visitor who proved involvement, else cut to the
// public facts.

export interface Point {
  lat: number;
  lng: number;
}

export interface Driver {
  firstName: string;
  lastName: string;
  age: number | null;
  gender: string | null;
  /** The report's words for a gender no code stands for (gender is then other); likewise ethnicityText. */
  genderText?: string;
  ethnicity: string | null;
  ethnicityText?: string;
  residence: { city: string; state: string; zip: string | null } | null;
  licenceType: string | null;
  licenceState: string | null;
}

/** What anyone may see of a vehicle. */
export interface PublicVehicle {
  unit: number;
  make: string;
  model: string | null;
  year: number | null;
  damageArea: string | null;
  /** The report's words for a damage area no code stands for (damageArea is then other). */
  damageAreaText?: string;
}

/** A vehicle as a search result lists it: its public facts but the unit, those not known left out. */
export interface ListedVehicle {
  make: string;
  model?: string;
  year?: number;
  damageArea?: string;
}

export const listedVehicle = (v: PublicVehicle): ListedVehicle => ({
  make: v.make,
  ...(v.model === null ? {} : { model: v.model }),
  ...(v.year === null ? {} : { year: v.year }),
  ...(v.damageArea === null ? {} : { damageArea: v.damageArea }),
});

export interface Vehicle extends PublicVehicle {
  vin: string | null;
  towedBy: string | null;
  insured: boolean | null;
  atFault: boolean | null;
  occupants: number | null;
  seatbelt: boolean | null;
  /** The report's words when they say neither yes nor no (seatbelt is then null); likewise airbagsText. */
  seatbeltText?: string;
  airbags: boolean | null;
  airbagsText?: string;
  driver: Driver | null;
}

/** The facts anyone may see: no name, number or place that points at a person. */
export interface PublicFacts {
  id: string;
  demo: boolean;
  /** Local time with the offset the feed wrote: 2026-11-20T17:30:00-06:00. */
  occurredAt: string;
  state: string;
  county: string | null;
  city: string;
  zip: string | null;
  /** Rounded to 3 decimals (about 100 m) for the public; exact for the involved. */
  location: Point;
  /** Null when the report names none. */
  policeDepartment: string | null;
  weather: string | null;
  /** The report's words for a weather no code stands for (weather is then other); likewise roadConditionText, lightText. */
  weatherText?: string;
  roadCondition: string | null;
  roadConditionText?: string;
  light: string | null;
  lightText?: string;
  speedLimit: number | null;
  injuredCount: number | null;
  fatalCount: number | null;
  vehicleCount: number;
  /** The units' occupants added up; null when no unit gives them. */
  occupantCount: number | null;
  vehicles: PublicVehicle[];
}

export interface FullReport extends Omit<PublicFacts, 'vehicles'> {
  crashId: string;
  caseId: string | null;
  street: string | null;
  narrative: string | null;
  vehicles: Vehicle[];
}

/**
 * A vehicle as a visitor who proved involvement sees it: whole when it is theirs; another party's with what a claim
 * needs (the driver's name, the vehicle, insurance, fault, towing) and without the rest (age, gender, ethnicity, home,
 * licence, seatbelt, airbags: null).
 */
export interface ShownVehicle extends Vehicle {
  yours: boolean;
}

export type ReportView = (PublicFacts & { involved: false }) | (Omit<FullReport, 'vehicles'> & { involved: true; vehicles: ShownVehicle[] });

/** A vehicle without the report's own words for its personal values (seatbelt, airbags, gender, ethnicity). */
function withoutPersonalTexts(vehicle: Vehicle): Vehicle {
  const { seatbeltText: _seatbelt, airbagsText: _airbags, driver, ...rest } = vehicle;
  if (!driver) return { ...rest, driver };
  const { genderText: _gender, ethnicityText: _ethnicity, ...person } = driver;
  return { ...rest, driver: person };
}

/** Another party's vehicle, cut to what a claim needs. */
function otherParty(vehicle: Vehicle): ShownVehicle {
  const cut = withoutPersonalTexts(vehicle);
  const { driver } = cut;
  return {
    ...cut,
    yours: false,
    seatbelt: null,
    airbags: null,
    driver: driver && { ...driver, age: null, gender: null, ethnicity: null, residence: null, licenceType: null, licenceState: null },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant ms as local time at offset (minutes east of UTC): 2026-11-20T17:30:00-06:00. */
export function localIso(ms: number, offset: number): string {
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The report as a visitor may see it: with the personal data for one who proved involvement (yours: the units that
 * are theirs, others cut to what a claim needs), else the public facts only (built field by field).
 */
export function reportView(report: FullReport, yours?: readonly number[]): ReportView {
  if (yours) {
    return { ...report, involved: true, vehicles: report.vehicles.map((v) => (yours.includes(v.unit) ? { ...v, yours: true } : otherParty(v))) };
  }
  return {
    id: report.id,
    demo: report.demo,
    occurredAt: report.occurredAt,
    state: report.state,
    county: report.county,
    city: report.city,
    zip: report.zip,
    location: { lat: round3(report.location.lat), lng: round3(report.location.lng) },
    policeDepartment: report.policeDepartment,
    weather: report.weather,
    ...(report.weatherText !== undefined && { weatherText: report.weatherText }),
    roadCondition: report.roadCondition,
    ...(report.roadConditionText !== undefined && { roadConditionText: report.roadConditionText }),
    light: report.light,
    ...(report.lightText !== undefined && { lightText: report.lightText }),
    speedLimit: report.speedLimit,
    injuredCount: report.injuredCount,
    fatalCount: report.fatalCount,
    vehicleCount: report.vehicleCount,
    occupantCount: report.occupantCount,
    vehicles: report.vehicles.map(({ unit, make, model, year, damageArea, damageAreaText }) => ({
      unit,
      make,
      model,
      year,
      damageArea,
      ...(damageAreaText !== undefined && { damageAreaText }),
    })),
    involved: false,
  };
}
