// Realistic synthetic police reports (npm run reports:seed, the demo set, benchmarks): real places, times of day that
// follow traffic, weather and roads that go together, real makes and models with valid VINs, drivers, narratives.
// The same seed, count, days and day give the same reports.
import type { ReportInput, UnitInput } from '../report-input.ts';
import { narrativeOf } from './narratives.ts';
import { syntheticPerson } from './people.ts';
import { seededRandom, type Random } from './random.ts';
import { syntheticPlaces, type SyntheticPlaces } from './synthetic-places.ts';
import { stateOffset } from './time-zones.ts';
import { HEAVY_MAKES, syntheticVehicle } from './vehicles.ts';

export interface SyntheticOptions {
  count: number;
  /** Over the last this many days, today included. */
  days: number;
  seed: string;
  /** The feed they claim to come from; crashIds are `<seed>-<n>`, so the same seed again replaces them. */
  source: string;
  /** ms since the epoch: no accident after it. */
  now: number;
  /** How much more often bigger cities are drawn: their ZIP count to this power (1 by default, as people live). */
  concentration?: number;
}

const DAY_MS = 86_400_000;
/** Crashes per hour of the day, relatively: the evening rush most. */
const HOURS = [1.5, 1.2, 1.2, 0.8, 0.7, 1, 2, 4, 4.5, 3.5, 3.5, 4, 4.5, 4.5, 5, 6, 6.5, 7, 5.5, 4, 3, 2.5, 2, 1.8].map((w, h) => [h, w] as const);
const HIGHWAY_LIMITS = [55, 60, 65, 70, 75];
const SPEED_LIMITS = [
  [25, 10],
  [30, 18],
  [35, 22],
  [40, 14],
  [45, 12],
  [50, 5],
  [55, 8],
  [60, 3],
  [65, 5],
  [70, 3],
] as const;
const UNIT_COUNTS = [
  [1, 14],
  [2, 70],
  [3, 12],
  [4, 4],
] as const;
const INJURED = [
  [0, 62],
  [1, 24],
  [2, 9],
  [3, 4],
  [4, 1],
] as const;
const OCCUPANTS = [
  [1, 70],
  [2, 18],
  [3, 7],
  [4, 4],
  [5, 1],
] as const;
const STREETS = [
  'Main St',
  'Oak St',
  'Park Ave',
  'Elm St',
  'Washington Ave',
  'Maple Ave',
  'Lincoln Blvd',
  'Broadway',
  'Market St',
  'Church St',
  'Highland Ave',
  'Center St',
  'Pine St',
  'Lake Dr',
  'Jefferson St',
  'Airport Blvd',
  'Sunset Blvd',
  'Martin Luther King Jr Blvd',
  'Cedar Ln',
  'Industrial Pkwy',
];
const INTERSTATES = ['I-10', 'I-35', 'I-40', 'I-75', 'I-80', 'I-90', 'I-95', 'I-5', 'US-1', 'US-101'];
const TOWING = [
  'Metro Towing',
  'A-1 Wrecker Service',
  'Quick Tow & Recovery',
  'Citywide Towing',
  'Northside Wrecker',
  'All Star Towing',
  'Highway Recovery',
  'Eagle Towing',
];
const FRONT_DAMAGE = [
  ['front', 60],
  ['front-left', 18],
  ['front-right', 18],
  ['multiple', 4],
] as const;
const STRUCK_DAMAGE = [
  ['rear', 35],
  ['left', 15],
  ['right', 15],
  ['rear-left', 10],
  ['rear-right', 10],
  ['front', 8],
  ['multiple', 5],
  ['unknown', 2],
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The generator of options.count reports, once the gazetteer is loaded. */
export async function syntheticReports(options: SyntheticOptions): Promise<Generator<ReportInput>> {
  const places = await syntheticPlaces(options.concentration ?? 1);
  return generate(places, options);
}

function* generate(places: SyntheticPlaces, { count, days, seed, source, now }: SyntheticOptions): Generator<ReportInput> {
  const random = seededRandom(seed);
  const thisYear = new Date(now).getUTCFullYear();
  for (let n = 1; n <= count; n++) {
    const city = places.city(random);
    const location = places.pointIn(random, city);
    const { occurredAt, hour, month } = timeOf(random, city.state, days, now);
    const weather = weatherOf(random, month, location.lat);
    const unitCount = random.weighted(UNIT_COUNTS);
    const injuredCount = random.weighted(INJURED);
    const fatalCount = random.chance(0.006) ? 1 : 0;
    const street = streetOf(random);
    const byHighwayPatrol = street.highway || random.chance(0.1);
    const zip = places.zipAt(city, location);
    const home = { city: city.city, state: city.state, zip };
    const units = Array.from({ length: unitCount }, (_, i) => {
      const away = places.city(random);
      return unitOf(random, i + 1, thisYear, random.chance(0.8) ? home : { city: away.city, state: away.state, zip: away.middle.zip });
    });
    const report: ReportInput = {
      source,
      crashId: `${seed}-${n}`,
      occurredAt,
      state: city.state,
      city: city.city,
      zip,
      location,
      street: street.where,
      policeDepartment: byHighwayPatrol ? `${places.stateName(city.state)} Highway Patrol` : `${city.city} Police Department`,
      weather,
      roadCondition: roadOf(random, weather),
      light: lightOf(random, hour, month, city.size),
      speedLimit: byHighwayPatrol ? random.pick(HIGHWAY_LIMITS) : random.weighted(SPEED_LIMITS),
      injuredCount,
      fatalCount,
      narrative: narrativeOf(random, street.road, unitCount, injuredCount, fatalCount),
      units,
    };
    if (random.chance(0.9)) report.caseId = caseIdOf(random, byHighwayPatrol ? `${city.state}HP` : agencyPrefix(city.city), occurredAt);
    yield report;
  }
}

/** A local time in the last `days` days in the state's zone, never after now, with its offset. */
function timeOf(random: Random, state: string, days: number, now: number): { occurredAt: string; hour: number; month: number } {
  const localToday = isoDay(now + stateOffset(state, isoDay(now)) * 60_000);
  const hour = random.weighted(HOURS);
  const minute = random.int(0, 59);
  let back = random.int(0, days - 1);
  for (;;) {
    const day = isoDay(Date.parse(`${localToday}T00:00:00Z`) - back * DAY_MS);
    const offset = stateOffset(state, day);
    const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
    if (Date.UTC(y, m - 1, d, hour, minute) - offset * 60_000 <= now) {
      const sign = offset < 0 ? '-' : '+';
      const abs = Math.abs(offset);
      return { occurredAt: `${day}T${pad(hour)}:${pad(minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`, hour, month: m };
    }
    back += 1;
  }
}

function weatherOf(random: Random, month: number, lat: number): NonNullable<ReportInput['weather']> {
  const winter = month === 12 || month <= 2;
  const snow = winter && lat > 37 ? 10 : winter && lat > 33 ? 2 : 0;
  return random.weighted([
    ['clear', 60],
    ['cloudy', 17],
    ['rain', 13],
    ['snow', snow],
    ['sleet-hail', snow / 4],
    ['fog-smoke', 2],
    ['severe-crosswind', 0.5],
    ['other', 0.5],
    ['unknown', 1],
  ] as const);
}

function roadOf(random: Random, weather: string): NonNullable<ReportInput['roadCondition']> {
  if (weather === 'rain') return random.chance(0.92) ? 'wet' : random.pick(['water', 'mud-dirt-gravel'] as const);
  if (weather === 'snow')
    return random.weighted([
      ['snow', 50],
      ['ice-frost', 30],
      ['slush', 20],
    ] as const);
  if (weather === 'sleet-hail') return 'ice-frost';
  return random.weighted([
    ['dry', 95],
    ['wet', 3],
    ['sand', 0.5],
    ['oil', 0.5],
    ['unknown', 1],
  ] as const);
}

function lightOf(random: Random, hour: number, month: number, citySize: number): NonNullable<ReportInput['light']> {
  const summer = month >= 4 && month <= 9;
  const [dawn, dusk] = summer ? [5, 20] : [6, 17];
  if (hour === dawn) return 'dawn';
  if (hour === dusk) return 'dusk';
  if (hour > dawn && hour < dusk) return 'daylight';
  return random.chance(citySize > 5 ? 0.8 : 0.35) ? 'dark-lighted' : 'dark-not-lighted';
}

/** Where it happened as the report writes it, the road a narrative names, and whether it is a highway. */
function streetOf(random: Random): { where: string; road: string; highway: boolean } {
  if (random.chance(0.12)) {
    const road = random.pick(INTERSTATES);
    return { where: `${road} near exit ${random.int(1, 250)}`, road, highway: true };
  }
  const number = random.int(1, 60);
  const road = random.chance(0.3) ? `${number}${ordinalSuffix(number)} St` : random.pick(STREETS);
  if (random.chance(0.55)) {
    const cross = random.pick(STREETS);
    return { where: cross === road ? `${road} & Main St` : `${road} & ${cross}`, road, highway: false };
  }
  return { where: `${random.int(1, 98) * 100} block of ${road}`, road, highway: false };
}

const ordinalSuffix = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'));

/** An agency's letters: the city's initials and PD (Austin: APD, San Antonio: SAPD). */
const agencyPrefix = (city: string) =>
  `${city
    .split(/[\s-]+/)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase()}PD`;

/** A case number in one of the formats agencies use: APD-24-012345, 2024-00012345, TXHP24012345. */
function caseIdOf(random: Random, prefix: string, occurredAt: string): string {
  const yyyy = occurredAt.slice(0, 4);
  const yy = yyyy.slice(2);
  const format = (prefix.length * 7 + prefix.charCodeAt(0)) % 3;
  if (format === 0) return `${prefix}-${yy}-${pad(random.int(0, 999_999), 6)}`;
  if (format === 1) return `${yyyy}-${pad(random.int(0, 99_999_999), 8)}`;
  return `${prefix}${yy}${pad(random.int(0, 999_999), 6)}`;
}

/** A vehicle of the crash and its driver, who lives at residence (most where they crash). */
function unitOf(random: Random, unit: number, thisYear: number, residence: { city: string; state: string; zip: string }): UnitInput {
  const vehicle = syntheticVehicle(random, thisYear);
  const damageArea = unit === 1 ? random.weighted(FRONT_DAMAGE) : random.weighted(STRUCK_DAMAGE);
  const hitAndRun = unit > 1 && random.chance(0.03);
  const person = syntheticPerson(random);
  const result: UnitInput = { unit, vin: vehicle.vin, make: vehicle.make, year: vehicle.year, damageArea };
  if (vehicle.model !== undefined) result.model = vehicle.model;
  if (random.chance(0.35)) result.towedBy = random.pick(TOWING);
  result.insured = random.chance(0.9);
  result.atFault = unit === 1 && random.chance(0.9);
  result.occupants = random.weighted(OCCUPANTS);
  result.seatbelt = random.chance(0.9);
  result.airbags = damageArea.startsWith('front') && random.chance(0.35);
  if (!hitAndRun) {
    const licenceType = HEAVY_MAKES.has(vehicle.make) ? 'CDL A' : vehicle.make === 'HARLEY-DAVIDSON' ? 'Class M' : person.age < 18 ? 'Provisional' : 'Class C';
    result.driver = { ...person, residence, licenceType, licenceState: residence.state };
  }
  return result;
}
