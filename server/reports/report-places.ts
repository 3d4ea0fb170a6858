// The gazetteer's cities by state and name, for the places reports name: a report's missing location (or missing city),
// a city search.
import { cityIndex, type City } from '../geo/city-index.ts';
import { gazetteer, type Point } from '../geo/gazetteer.ts';
import { normalizeCity } from '../geo/place-names.ts';
import { MAX_MILES } from '../geo/zip-of.ts';
import { zipGrid } from '../geo/zip-grid.ts';

export interface ReportPlaces {
  /** The gazetteer's city of that name in that state (any case, "St." for "Saint" ...), if it knows one. */
  cityOf(state: string, city: string): City | undefined;
  /** A typed city as reports store it: the gazetteer's name (of that state, when given), else as typed. */
  cityName(city: string, state?: string): string;
  /** The city of the state's town ZIP nearest the point, within 30 miles; undefined when none is that near. */
  cityNear(point: Point, state: string): string | undefined;
  /** "TX", "tx" -> "TX"; undefined for anything that is not a state or territory with ZIPs. */
  normalizeState(state: string): string | undefined;
  cities: readonly City[];
}

let building: Promise<ReportPlaces> | undefined;

/** Built once from the city index. */
export function reportPlaces(): Promise<ReportPlaces> {
  building ??= Promise.all([cityIndex(), gazetteer(), zipGrid()]).then(([index, g, grid]) => {
    const byKey = new Map(index.cities.map((c) => [`${c.state}|${c.key}`, c]));
    const nameByKey = new Map(index.cities.map((c) => [c.key, c.city]));
    const cityOf = (state: string, city: string) => byKey.get(`${state.toUpperCase()}|${normalizeCity(city)}`);
    return {
      cityOf,
      cityNear: (point, state) => grid.nearest(point, MAX_MILES, { accept: (r) => r.state === state && !r.office })?.record.city,
      cityName: (city, state) => (state === undefined ? nameByKey.get(normalizeCity(city)) : cityOf(state, city)?.city) ?? city.trim(),
      normalizeState: (state) => g.normalizeState(state),
      cities: index.cities,
    };
  });
  return building;
}
