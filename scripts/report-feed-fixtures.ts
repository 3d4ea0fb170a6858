// Writes tests/fixtures/report-feeds/: reports as three kinds of agency export spell them, for the import test
// (tests/server/reports-feed-corpus.test.ts): a Texas CRIS-like NDJSON ("3 - RAIN", "W - WHITE", capitals; the numbers
// before the words are the export's own, made up here), a Florida-like CSV (words in title case, "Dark-Not Lighted",
// "Deployed-Front"), and a Georgia-like NDJSON of MMUCC numeric codes and one-letter abbreviations ("07", "F", "W").
// The same seed writes the same files: `npx tsx scripts/report-feed-fixtures.ts`. A few rows are off on purpose, each
// one warning and none rejected: VINs one character short, a road "Debris", a damage area "16", a gender "X".
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { syntheticPerson } from '../server/reports/synthetic/people.ts';
import { seededRandom, type Random } from '../server/reports/synthetic/random.ts';
import { syntheticVehicle } from '../server/reports/synthetic/vehicles.ts';

const OUT = join(import.meta.dirname, '..', 'tests', 'fixtures', 'report-feeds');
const YEAR = 2025;

interface Place {
  city: string;
  lat: number;
  lng: number;
  county: string;
  zip: string;
}

const TX: Place[] = [
  { city: 'AUSTIN', lat: 30.2672, lng: -97.7431, county: 'TRAVIS', zip: '78701' },
  { city: 'HOUSTON', lat: 29.7604, lng: -95.3698, county: 'HARRIS', zip: '77002' },
  { city: 'DALLAS', lat: 32.7767, lng: -96.797, county: 'DALLAS', zip: '75201' },
  { city: 'SAN ANTONIO', lat: 29.4241, lng: -98.4936, county: 'BEXAR', zip: '78205' },
  { city: 'EL PASO', lat: 31.7619, lng: -106.485, county: 'EL PASO', zip: '79901' },
];
const FL: Place[] = [
  { city: 'Miami', lat: 25.7617, lng: -80.1918, county: 'Miami-Dade', zip: '33130' },
  { city: 'Orlando', lat: 28.5383, lng: -81.3792, county: 'Orange', zip: '32801' },
  { city: 'Tampa', lat: 27.9506, lng: -82.4572, county: 'Hillsborough', zip: '33602' },
  { city: 'Jacksonville', lat: 30.3322, lng: -81.6557, county: 'Duval', zip: '32202' },
  { city: 'St. Petersburg', lat: 27.7676, lng: -82.6403, county: 'Pinellas', zip: '33701' },
];
const GA: Place[] = [
  { city: 'Atlanta', lat: 33.749, lng: -84.388, county: 'Fulton', zip: '30303' },
  { city: 'Savannah', lat: 32.0809, lng: -81.0912, county: 'Chatham', zip: '31401' },
  { city: 'Augusta', lat: 33.4735, lng: -82.0105, county: 'Richmond', zip: '30901' },
  { city: 'Macon', lat: 32.8407, lng: -83.6324, county: 'Bibb', zip: '31201' },
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A summer day of YEAR at a local hour, with the zone's daylight-saving offset. */
function when(random: Random, offset: string): string {
  const month = random.int(6, 8);
  return `${YEAR}-${pad(month)}-${pad(random.int(1, 28))}T${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:00${offset}`;
}

const near = (random: Random, place: Place) => ({
  lat: Math.round((place.lat + (random.next() - 0.5) * 0.08) * 1e5) / 1e5,
  lng: Math.round((place.lng + (random.next() - 0.5) * 0.08) * 1e5) / 1e5,
});

interface Unit {
  unit: number;
  vin: string;
  make: string;
  model?: string;
  year: number;
  person: ReturnType<typeof syntheticPerson>;
}

function unitsOf(random: Random): Unit[] {
  return Array.from({ length: random.chance(0.8) ? 2 : random.int(1, 3) }, (_, i) => ({
    unit: i + 1,
    ...syntheticVehicle(random, YEAR),
    person: syntheticPerson(random),
  }));
}

/** The export's spelling of a value ('rain' → "3 - RAIN"), by the value it stands for. */
const spell = (random: Random, table: Record<string, readonly string[]>, value: string) => random.pick(table[value] ?? table.unknown ?? ['UNKNOWN']);

// Texas CRIS-like: "code - WORDS" in capitals (the codes are the export's own).
const TX_WEATHER = {
  clear: ['1 - CLEAR'],
  cloudy: ['2 - CLOUDY'],
  rain: ['3 - RAIN'],
  fog: ['6 - FOG'],
  wind: ['7 - SEVERE CROSSWINDS'],
  unknown: ['99 - UNKNOWN'],
};
const TX_ROAD = { dry: ['1 - DRY'], wet: ['2 - WET'], water: ['3 - STANDING WATER'], mud: ['7 - SAND, MUD, DIRT'], unknown: ['99 - UNKNOWN'] };
const TX_LIGHT = {
  day: ['1 - DAYLIGHT'],
  dawn: ['2 - DAWN'],
  dusk: ['6 - DUSK'],
  lit: ['4 - DARK, LIGHTED'],
  unlit: ['3 - DARK, NOT LIGHTED'],
  dark: ['5 - DARK, UNKNOWN LIGHTING'],
};
const TX_DAMAGE = ['FRONT END', 'LEFT FRONT', 'RIGHT FRONT', 'LEFT SIDE', 'RIGHT SIDE', 'REAR END', 'LEFT REAR', 'RIGHT REAR', 'TOP', 'NONE'];
const TX_GENDER = { male: ['1 - MALE'], female: ['2 - FEMALE'] };
const TX_ETHNICITY = {
  white: ['W - WHITE'],
  hispanic: ['H - HISPANIC'],
  black: ['B - BLACK'],
  asian: ['A - ASIAN'],
  'native-american': ['AI - AMERICAN INDIAN'],
  'pacific-islander': ['OT - OTHER'],
  other: ['OT - OTHER'],
  unknown: ['UN - UNKNOWN'],
};

function texas(random: Random, i: number): Record<string, unknown> {
  const place = random.pick(TX);
  const units = unitsOf(random);
  const weather = random.weighted([
    ['clear', 60],
    ['cloudy', 20],
    ['rain', 14],
    ['fog', 2],
    ['wind', 2],
    ['unknown', 2],
  ] as const);
  return {
    source: 'tx-cris-export',
    crashId: `${YEAR}${pad(i + 1, 6)}`,
    caseId: `${place.city.slice(0, 3)}-${YEAR % 100}-${pad(random.int(1, 99999), 5)}`,
    occurredAt: when(random, '-05:00'),
    state: i % 10 === 0 ? 'Texas' : 'TX',
    county: place.county,
    city: place.city,
    zip: place.zip,
    location: near(random, place),
    street: `${random.int(100, 9999)} ${random.pick(['N LAMAR BLVD', 'MAIN ST', 'IH 35 SVRD', 'LOOP 410', 'MESA ST'])}`,
    policeDepartment: `${place.city} POLICE DEPT`,
    weather: spell(random, TX_WEATHER, weather),
    roadCondition: spell(random, TX_ROAD, weather === 'rain' ? random.pick(['wet', 'wet', 'water']) : random.pick(['dry', 'dry', 'dry', 'mud', 'unknown'])),
    light: spell(random, TX_LIGHT, random.pick(['day', 'day', 'day', 'dawn', 'dusk', 'lit', 'unlit', 'dark'])),
    speedLimit: i % 3 === 0 ? String(random.pick([30, 35, 45, 55, 65, 75])) : random.pick([30, 35, 45, 55, 65, 75]),
    injuredCount: random.int(0, 3),
    fatalCount: 0,
    units: units.map((u) => ({
      unit: u.unit,
      // Every 50th report's first VIN lost its last character on the way.
      vin: i % 50 === 10 && u.unit === 1 ? u.vin.slice(0, 16) : u.vin,
      make: u.make,
      ...(u.model && { model: u.model }),
      year: u.year,
      damageArea: random.pick(TX_DAMAGE),
      insured: random.chance(0.9) ? 'Y' : 'N',
      atFault: u.unit === 1 ? 'Y' : 'N',
      occupants: random.int(1, 4),
      seatbelt: random.pick(['SHOULDER & LAP BELT', 'SHOULDER & LAP BELT', 'LAP BELT ONLY', 'NONE', 'UNKNOWN']),
      airbags: random.pick(['NOT DEPLOYED', 'NOT DEPLOYED', 'DEPLOYED, FRONT', 'DEPLOYED, MULTIPLE', 'UNKNOWN']),
      driver: {
        firstName: u.person.firstName.toUpperCase(),
        lastName: u.person.lastName.toUpperCase(),
        age: u.person.age,
        gender: spell(random, TX_GENDER, u.person.gender),
        ethnicity: spell(random, TX_ETHNICITY, u.person.ethnicity),
        licenceType: random.pick(['CLASS C', 'CLASS C', 'CDL A', 'ID CARD']),
        licenceState: 'TX',
      },
    })),
  };
}

// Florida-like: words in title case, dashes without spaces.
const FL_WEATHER = [
  'Clear',
  'Clear',
  'Clear',
  'Cloudy',
  'Cloudy',
  'Rain',
  'Rain',
  'Fog, Smog, Smoke',
  'Severe Crosswinds',
  'Sleet/Hail/Freezing Rain',
  'Unknown',
];
const FL_ROAD_DRY = ['Dry', 'Dry', 'Dry', 'Sand', 'Oil', 'Mud, Dirt, Gravel'];
const FL_ROAD_WET = ['Wet', 'Wet', 'Water (Standing/Moving)', 'Ice/Frost'];
const FL_LIGHT = ['Daylight', 'Daylight', 'Daylight', 'Dusk', 'Dawn', 'Dark-Lighted', 'Dark-Not Lighted', 'Dark-Unknown Lighting'];
const FL_DAMAGE = ['Front', 'Front Left', 'Front Right', 'Left Side', 'Right Side', 'Rear', 'Rear Left', 'Rear Right', 'Roof', 'All Areas', 'Undercarriage'];
const FL_ETHNICITY: Record<string, string> = {
  white: 'White',
  black: 'Black',
  hispanic: 'Hispanic',
  asian: 'Asian',
  'native-american': 'American Indian',
  'pacific-islander': 'Pacific Islander',
  other: 'Other',
  unknown: 'Unknown',
};

function florida(random: Random, i: number): Record<string, unknown> {
  const place = random.pick(FL);
  const weather = random.pick(FL_WEATHER);
  const wet = /Rain|Sleet/.test(weather);
  return {
    source: 'fl-flhsmv-export',
    crashId: `FL${YEAR}-${pad(i + 1, 7)}`,
    occurredAt: when(random, '-04:00'),
    state: 'FL',
    county: place.county,
    city: place.city,
    // Some exports give ZIP+4; some rows have no location (the city's middle is used).
    zip: i % 4 === 0 ? `${place.zip}-${pad(random.int(1, 9999), 4)}` : place.zip,
    ...(i % 5 !== 0 && { location: near(random, place) }),
    ...(i % 7 !== 0 && {
      policeDepartment: random.pick([`${place.city} Police Department`, 'Florida Highway Patrol', `${place.county} County Sheriff's Office`]),
    }),
    weather,
    // Two reports name a road surface no code has.
    roadCondition: i === 33 || i === 77 ? 'Debris' : random.pick(wet ? FL_ROAD_WET : FL_ROAD_DRY),
    light: random.pick(FL_LIGHT),
    speedLimit: random.pick([25, 35, 40, 45, 55, 70]),
    injuredCount: random.int(0, 2),
    fatalCount: random.chance(0.02) ? 1 : 0,
    narrative: `V1 was traveling ${random.pick(['northbound', 'southbound', 'eastbound', 'westbound'])} and collided with V2, "per witness"; both drivers remained on scene.`,
    units: unitsOf(random).map((u) => ({
      unit: u.unit,
      vin: u.vin,
      make: u.make,
      ...(u.model && { model: u.model }),
      year: u.year,
      damageArea: random.pick(FL_DAMAGE),
      insured: random.chance(0.85) ? 'Yes' : 'No',
      seatbelt: random.pick([
        'Shoulder and Lap Belt Used',
        'Shoulder and Lap Belt Used',
        'Lap Belt Only Used',
        'None Used - Motor Vehicle Occupant',
        'Unknown',
      ]),
      airbags: random.pick(['Not Deployed', 'Not Deployed', 'Deployed-Front', 'Deployed-Side', 'Deployed-Combination']),
      driver: {
        firstName: u.person.firstName,
        lastName: u.person.lastName,
        age: u.person.age,
        gender: u.person.gender === 'male' ? 'Male' : 'Female',
        ethnicity: FL_ETHNICITY[u.person.ethnicity] ?? 'Unknown',
        residence: { city: place.city, state: 'FL', zip: place.zip },
        licenceState: 'FL',
      },
    })),
  };
}

// Georgia-like: MMUCC numbers, zero-padded, and one-letter abbreviations.
const GA_WEATHER = ['03', '03', '03', '03', '04', '04', '07', '07', '05', '06', '99'];
const GA_ROAD_DRY = ['01', '01', '01', '03', '99'];
const GA_ROAD_WET = ['09', '09', '08'];
const GA_LIGHT = ['01', '01', '01', '02', '03', '04', '05'];
const GA_DAMAGE = ['12', '12', '01', '02', '03', '04', '05', '06', '06', '07', '08', '09', '10', '11', '13', '14', '15', '00'];
/** NCIC's race letters: A is Asian or Pacific Islander, I American Indian or Alaska Native. */
const GA_ETHNICITY: Record<string, string> = {
  white: 'W',
  black: 'B',
  hispanic: 'H',
  asian: 'A',
  'native-american': 'I',
  'pacific-islander': 'A',
  other: 'O',
  unknown: 'U',
};

function georgia(random: Random, i: number): Record<string, unknown> {
  const place = random.pick(GA);
  const weather = random.pick(GA_WEATHER);
  return {
    source: 'ga-mmucc-export',
    crashId: `GA-${pad(i + 1, 8)}`,
    occurredAt: when(random, '-04:00'),
    state: 'ga',
    county: place.county,
    // Every fourth report gives its location alone: the nearest city is stored.
    ...(i % 4 !== 0 && { city: place.city }),
    location: near(random, place),
    policeDepartment: `${place.county} County Police`,
    weather,
    roadCondition: random.pick(weather === '07' || weather === '06' ? GA_ROAD_WET : GA_ROAD_DRY),
    light: random.pick(GA_LIGHT),
    speedLimit: `${random.pick([25, 35, 45, 55, 65])} MPH`,
    injuredCount: String(random.int(0, 2)),
    units: unitsOf(random).map((u) => ({
      unit: String(u.unit),
      vin: u.vin.toLowerCase(),
      make: u.make,
      ...(u.model && { model: u.model }),
      year: u.year,
      // Two vehicles "not at scene" (MMUCC 16), which the table leaves as text.
      damageArea: (i === 20 || i === 60) && u.unit === 1 ? '16' : random.pick(GA_DAMAGE),
      seatbelt: random.pick(['08', '08', '08', '05', '06', 'Y', 'N', '99']),
      airbags: random.pick(['00', '00', '02', '03', '01', '05']),
      insured: random.pick(['Y', 'Y', 'Y', 'N']),
      atFault: u.unit === 1 ? 'Y' : 'N',
      driver: {
        firstName: u.person.firstName,
        lastName: u.person.lastName,
        age: String(u.person.age),
        // One driver's sex is written X, which the table leaves as text.
        gender: i === 45 && u.unit === 1 ? 'X' : u.person.gender === 'male' ? 'M' : 'F',
        ethnicity: GA_ETHNICITY[u.person.ethnicity] ?? 'U',
      },
    })),
  };
}

const cell = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The Florida file's columns, in its own order (the importer takes any), location as one "lat,lng" cell. */
const FL_COLUMNS = [
  ...['crashId', 'source', 'occurredAt', 'state', 'county', 'city', 'zip', 'location', 'policeDepartment'],
  ...['weather', 'roadCondition', 'light', 'speedLimit', 'injuredCount', 'fatalCount', 'narrative', 'units'],
];

function write(): void {
  mkdirSync(OUT, { recursive: true });
  const tx = seededRandom('report-feeds tx');
  writeFileSync(join(OUT, 'tx-cris-like.ndjson'), Array.from({ length: 150 }, (_, i) => `${JSON.stringify(texas(tx, i))}\n`).join(''));
  const fl = seededRandom('report-feeds fl');
  const rows = Array.from({ length: 120 }, (_, i) => {
    const r = florida(fl, i);
    const loc = r.location as { lat: number; lng: number } | undefined;
    return `${FL_COLUMNS.map((c) => cell(c === 'location' ? loc && `${loc.lat},${loc.lng}` : r[c])).join(',')}\r\n`;
  });
  writeFileSync(join(OUT, 'fl-like.csv'), `${FL_COLUMNS.join(',')}\r\n${rows.join('')}`);
  const ga = seededRandom('report-feeds ga');
  writeFileSync(join(OUT, 'ga-mmucc-codes.ndjson'), Array.from({ length: 100 }, (_, i) => `${JSON.stringify(georgia(ga, i))}\n`).join(''));
}

write();
