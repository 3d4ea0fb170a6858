// The gazetteer's cities (one per name and state, with its size and middle ZIP) and a sorted index of their name keys for prefix search.
import { middleZip } from './distance.ts';
import { gazetteer, type ZipRecord } from './gazetteer.ts';

export interface City {
  /** Stable and URL-safe: "us-tx-austin". */
  id: string;
  city: string;
  state: string;
  /** normalizeCity(city). */
  key: string;
  /** How many ZIPs the city has: the measure of a bigger place. */
  size: number;
  /** The ZIP nearest the middle of the city. */
  middle: ZipRecord;
}

export interface CityMatch {
  city: City;
  /** The text matched the start of a later word of the name ("york" in New York), not the name's start. */
  laterWord: boolean;
}

export interface CityIndex {
  cities: readonly City[];
  /** Every city whose name, or a later word of it, starts with the normalized prefix (normalizeCity), in key order. */
  withPrefix(prefix: string): Generator<CityMatch>;
}

export function buildCityIndex(byCity: ReadonlyMap<string, readonly ZipRecord[]>): CityIndex {
  const cities: City[] = [];
  for (const records of byCity.values()) {
    const first = records[0];
    const middle = middleZip(records);
    // Company and office ZIPs are no city to offer.
    if (!first || !middle || first.office) continue;
    const slug = first.key.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    cities.push({ id: `us-${first.state.toLowerCase()}-${slug}`, city: first.city, state: first.state, key: first.key, size: records.length, middle });
  }
  const entries: { key: string; city: number; laterWord: boolean }[] = [];
  cities.forEach((city, i) => {
    entries.push({ key: city.key, city: i, laterWord: false });
    for (let at = city.key.indexOf(' '); at !== -1; at = city.key.indexOf(' ', at + 1)) {
      entries.push({ key: city.key.slice(at + 1), city: i, laterWord: true });
    }
  });
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = entries.map((e) => e.key);
  const refs = Int32Array.from(entries, (e) => e.city);
  const laterWord = Uint8Array.from(entries, (e) => (e.laterWord ? 1 : 0));

  /** The first index whose key is not below the prefix (binary search). */
  const lowerBound = (prefix: string) => {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  return {
    cities,
    *withPrefix(prefix) {
      if (prefix === '') return;
      for (let i = lowerBound(prefix); i < keys.length && (keys[i] ?? '').startsWith(prefix); i++) {
        const city = cities[refs[i] ?? -1];
        if (city) yield { city, laterWord: laterWord[i] === 1 };
      }
    },
  };
}

let building: Promise<CityIndex> | undefined;

/** The index of the gazetteer's cities, built once. */
export function cityIndex(): Promise<CityIndex> {
  building ??= gazetteer().then((g) => buildCityIndex(g.byCity));
  return building;
}
