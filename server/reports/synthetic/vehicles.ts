// Synthetic vehicles: makes by their share of US roads with their common models and real WMIs, any other make of
// the makes list now and then, plausible model years, and VINs whose 9th character is the right check digit.
import { vinCheckDigit } from '../../../engine/validators.ts';
import makes from '../../../widgets/locate/vehicle-makes.json' with { type: 'json' };
import type { Random } from './random.ts';

interface Make {
  make: string;
  /** Percent of vehicles, roughly. */
  share: number;
  models: string[];
  /** World manufacturer identifiers (VIN characters 1-3). */
  wmis: string[];
}

const COMMON: Make[] = [
  {
    make: 'TOYOTA',
    share: 14,
    models: ['Camry', 'Corolla', 'RAV4', 'Tacoma', 'Highlander', 'Tundra', 'Prius', 'Sienna'],
    wmis: ['4T1', '2T1', '5TD', 'JTD', '5TF'],
  },
  {
    make: 'FORD',
    share: 13,
    models: ['F-150', 'Escape', 'Explorer', 'Focus', 'Fusion', 'Mustang', 'Ranger', 'Edge', 'Transit'],
    wmis: ['1FA', '1FT', '1FM', '3FA', '2FM'],
  },
  {
    make: 'CHEVROLET',
    share: 12,
    models: ['Silverado 1500', 'Malibu', 'Equinox', 'Tahoe', 'Impala', 'Cruze', 'Traverse', 'Colorado'],
    wmis: ['1G1', '1GC', '1GN', '3GN', '2G1'],
  },
  { make: 'HONDA', share: 9, models: ['Accord', 'Civic', 'CR-V', 'Pilot', 'Odyssey', 'HR-V'], wmis: ['1HG', '2HG', '5J6', '5FN', '19X'] },
  { make: 'NISSAN', share: 7, models: ['Altima', 'Sentra', 'Rogue', 'Frontier', 'Pathfinder', 'Versa', 'Maxima'], wmis: ['1N4', '3N1', '5N1', '1N6', 'JN8'] },
  { make: 'HYUNDAI', share: 5, models: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe', 'Kona'], wmis: ['5NP', 'KMH', '5NM', 'KM8'] },
  { make: 'KIA', share: 4, models: ['Optima', 'Forte', 'Sorento', 'Sportage', 'Soul', 'Telluride'], wmis: ['5XX', 'KNA', 'KND', '5XY'] },
  { make: 'JEEP', share: 4, models: ['Grand Cherokee', 'Wrangler', 'Cherokee', 'Compass', 'Gladiator'], wmis: ['1C4', '1J4', '3C4'] },
  { make: 'RAM', share: 3, models: ['1500', '2500', 'ProMaster'], wmis: ['1C6', '3C6', '3C7'] },
  { make: 'GMC', share: 3, models: ['Sierra 1500', 'Acadia', 'Terrain', 'Yukon', 'Canyon'], wmis: ['1GT', '1GK', '3GT', '2GK'] },
  { make: 'SUBARU', share: 3, models: ['Outback', 'Forester', 'Crosstrek', 'Impreza', 'Legacy'], wmis: ['4S4', '4S3', 'JF2', 'JF1'] },
  { make: 'DODGE', share: 3, models: ['Charger', 'Grand Caravan', 'Durango', 'Challenger', 'Journey'], wmis: ['2C3', '2C4', '1C4', '2B3'] },
  { make: 'TESLA', share: 2, models: ['Model 3', 'Model Y', 'Model S', 'Model X'], wmis: ['5YJ', '7SA'] },
  { make: 'VOLKSWAGEN', share: 2, models: ['Jetta', 'Passat', 'Tiguan', 'Atlas', 'Golf'], wmis: ['3VW', '1VW', 'WVW', 'WVG'] },
  { make: 'MAZDA', share: 2, models: ['CX-5', 'Mazda3', 'Mazda6', 'CX-9', 'CX-30'], wmis: ['JM1', 'JM3', '3MZ'] },
  { make: 'BMW', share: 2, models: ['3 Series', '5 Series', 'X3', 'X5'], wmis: ['WBA', '5UX', 'WBS'] },
  { make: 'MERCEDES-BENZ', share: 2, models: ['C-Class', 'E-Class', 'GLC', 'GLE', 'Sprinter'], wmis: ['WDD', '4JG', 'W1K', 'WDB'] },
  { make: 'LEXUS', share: 1.5, models: ['RX 350', 'ES 350', 'NX 300', 'IS 250'], wmis: ['2T2', 'JTH', 'JTJ'] },
  { make: 'BUICK', share: 1, models: ['Enclave', 'Encore', 'LaCrosse'], wmis: ['5GA', 'KL4', '1G4'] },
  { make: 'CHRYSLER', share: 1, models: ['Pacifica', '300', 'Town & Country'], wmis: ['2C3', '2C4', '1C3'] },
  { make: 'ACURA', share: 1, models: ['MDX', 'RDX', 'TLX', 'ILX'], wmis: ['5J8', '19U', '2HN'] },
  { make: 'AUDI', share: 1, models: ['A4', 'Q5', 'A6', 'Q7'], wmis: ['WAU', 'WA1'] },
  { make: 'CADILLAC', share: 0.7, models: ['Escalade', 'XT5', 'CTS'], wmis: ['1GY', '1G6'] },
  { make: 'MITSUBISHI', share: 0.7, models: ['Outlander', 'Mirage', 'Eclipse Cross'], wmis: ['JA4', 'ML3', 'JA3'] },
  { make: 'INFINITI', share: 0.5, models: ['Q50', 'QX60', 'G37'], wmis: ['JN1', '5N1', 'JNK'] },
  { make: 'VOLVO', share: 0.5, models: ['XC90', 'XC60', 'S60'], wmis: ['YV4', 'YV1'] },
  { make: 'LINCOLN', share: 0.5, models: ['Navigator', 'MKZ', 'Aviator'], wmis: ['5LM', '3LN', '2LM'] },
  { make: 'FREIGHTLINER', share: 0.6, models: ['Cascadia', 'M2 106'], wmis: ['1FU', '3AK', '1FV'] },
  { make: 'INTERNATIONAL', share: 0.3, models: ['LT', 'ProStar', 'DuraStar'], wmis: ['3HS', '1HT'] },
  { make: 'KENWORTH', share: 0.3, models: ['T680', 'W900'], wmis: ['1XK', '2NK'] },
  { make: 'PETERBILT', share: 0.3, models: ['579', '389'], wmis: ['1XP', '2NP'] },
  { make: 'HARLEY-DAVIDSON', share: 0.5, models: ['Street Glide', 'Road King', 'Sportster'], wmis: ['1HD'] },
];

/** Heavy trucks: their drivers hold a commercial licence. */
export const HEAVY_MAKES = new Set(['FREIGHTLINER', 'INTERNATIONAL', 'KENWORTH', 'PETERBILT']);

/** Of the makes list (widgets/locate/vehicle-makes.json, data the locating widget offers too), the ones not above. */
const OTHERS = makes.filter((make) => !COMMON.some((m) => m.make === make));
/** Percent of vehicles of some other make. */
const OTHER_SHARE = 2;
const BY_SHARE: [Make | undefined, number][] = [...COMMON.map((m): [Make, number] => [m, m.share]), [undefined, OTHER_SHARE]];

/** Model-year characters (VIN position 10), a 30-year cycle from 1980 (A) on. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
/** What a VIN may hold: no I, O or Q. */
const VIN_CHARS = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];
const FIRST_CHARS = ['1', '2', '3', '4', '5', 'J', 'K', 'W'];

export interface SyntheticVehicle {
  make: string;
  model?: string;
  year: number;
  vin: string;
}

/** A vehicle on the road in thisYear: most 3 to 15 years old, now and then older. */
export function syntheticVehicle(random: Random, thisYear: number): SyntheticVehicle {
  const common = random.weighted(BY_SHARE);
  const age = random.chance(0.9) ? Math.min(random.int(0, 12), random.int(0, 20)) + random.int(0, 3) : random.int(15, 35);
  const year = Math.max(1981, thisYear + 1 - age - (random.chance(0.3) ? 1 : 0));
  const make = common?.make ?? random.pick(OTHERS);
  const wmi = common ? random.pick(common.wmis) : `${random.pick(FIRST_CHARS)}${randomChars(random, 2)}`;
  return { make, ...(common && { model: random.pick(common.models) }), year, vin: vinOf(random, wmi, year) };
}

function randomChars(random: Random, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += random.pick(VIN_CHARS);
  return s;
}

/** WMI, five attribute characters, the check digit, the model year's code, a plant and a six-digit serial. */
export function vinOf(random: Random, wmi: string, year: number): string {
  const yearCode = YEAR_CODES[(((year - 1980) % 30) + 30) % 30] ?? 'A';
  const head = `${wmi}${randomChars(random, 5)}`;
  const tail = `${yearCode}${randomChars(random, 1)}${String(random.int(0, 999_999)).padStart(6, '0')}`;
  return `${head}${vinCheckDigit(`${head}0${tail}`)}${tail}`;
}
