// The offline US ZIP gazetteer of the zipcodes package (no network), loaded once on first use, with its city and state names.
import type { ZipCode } from 'zipcodes';
import { displayCity, isOfficeName, normalizeCity, titleCase } from './place-names.ts';

export interface Point {
  lat: number;
  lng: number;
}

/** One ZIP code with its place. */
export interface ZipRecord extends Point {
  zip: string;
  /** The city as people write it ("McAllen", "Lake in the Hills"). */
  city: string;
  /** Two-letter state code. */
  state: string;
  /** normalizeCity(city): the key searches and matches use. */
  key: string;
  /** Other ZIPs sit on the very same point: PO-box and single-company ZIPs are placed on the post office this way. */
  sharedPoint: boolean;
  /** The ZIP is a company's or an office's own ("Citicorp Services Inc"), not a town's: no place to name. */
  office: boolean;
}

export interface Gazetteer {
  /** Every ZIP, in ZIP order. */
  all: ZipRecord[];
  byState: Map<string, ZipRecord[]>;
  /** Keyed `${state}|${normalizeCity(city)}`. */
  byCity: Map<string, ZipRecord[]>;
  /** State code -> name ("TX" -> "Texas"), for the states and territories that have ZIPs. */
  stateNames: Map<string, string>;
  /** "TX", "tx", "Texas" -> "TX"; undefined for anything that is not a state with ZIPs. */
  normalizeState(state: string): string | undefined;
}

/** Names the package does not hold (it knows the 50 states and DC), for the inhabited territories. */
const TERRITORY_NAMES: Record<string, string> = {
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  GU: 'Guam',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

/** Military mail (APO/FPO/DPO) codes: no place on a map. */
const MILITARY = new Set(['AA', 'AE', 'AP']);

/** The states with ZIPs in the eastern hemisphere (Wake Island is HI); elsewhere an east longitude is a data error (10200). */
const EASTERN = new Set(['GU', 'MP', 'PW', 'FM', 'MH', 'HI']);

async function load(): Promise<Gazetteer> {
  const { codes, states } = await import('zipcodes');
  const all: ZipRecord[] = [];
  const byState = new Map<string, ZipRecord[]>();
  const byCity = new Map<string, ZipRecord[]>();
  const perPoint = new Map<string, number>();
  const add = (map: Map<string, ZipRecord[]>, key: string, record: ZipRecord) => {
    const list = map.get(key);
    if (list) list.push(record);
    else map.set(key, [record]);
  };
  const kept = Object.values<ZipCode>(codes).filter(
    (code) =>
      // The package also holds Canadian codes; military post offices have no place (and often no coordinates, 0, 0).
      code.country === 'US' &&
      /^\d{5}$/.test(code.zip) &&
      !MILITARY.has(code.state) &&
      !(code.latitude === 0 && code.longitude === 0) &&
      (code.longitude < 0 || EASTERN.has(code.state)),
  );
  for (const code of kept) {
    const point = `${code.latitude},${code.longitude}`;
    perPoint.set(point, (perPoint.get(point) ?? 0) + 1);
  }
  kept.sort((a, b) => a.zip.localeCompare(b.zip));
  for (const code of kept) {
    const key = normalizeCity(code.city);
    const record: ZipRecord = {
      zip: code.zip,
      lat: code.latitude,
      lng: code.longitude,
      city: displayCity(code.city),
      state: code.state,
      key,
      office: isOfficeName(key),
      sharedPoint: (perPoint.get(`${code.latitude},${code.longitude}`) ?? 0) > 1,
    };
    all.push(record);
    add(byState, record.state, record);
    add(byCity, `${record.state}|${record.key}`, record);
  }
  const stateNames = new Map<string, string>();
  const codeOfName = new Map<string, string>();
  for (const abbr of byState.keys()) {
    const upperName = states.abbr[abbr];
    const name = TERRITORY_NAMES[abbr] ?? (upperName === undefined ? undefined : titleCase(upperName));
    if (name === undefined) continue;
    stateNames.set(abbr, name);
    codeOfName.set(normalizeCity(name), abbr);
  }
  const normalizeState = (state: string) => {
    const upper = normalizeCity(state);
    const abbr = upper.length === 2 ? upper : codeOfName.get(upper);
    return abbr !== undefined && byState.has(abbr) ? abbr : undefined;
  };
  return { all, byState, byCity, stateNames, normalizeState };
}

let loading: Promise<Gazetteer> | undefined;

/** The gazetteer, loaded on the first call (about 42,000 ZIPs); every later call gets the same one. */
export function gazetteer(): Promise<Gazetteer> {
  loading ??= load();
  return loading;
}
