// Where synthetic accidents happen: the gazetteer's cities drawn by size (their ZIP count, to a power: 1 spreads them
// as people live, more crowds them into big cities), a point a few miles around the city's middle, the ZIP nearest it.
import { nearest } from '../../geo/distance.ts';
import { gazetteer, type Point, type ZipRecord } from '../../geo/gazetteer.ts';
import type { City } from '../../geo/city-index.ts';
import { reportPlaces } from '../report-places.ts';
import type { Random } from './random.ts';

const MILES_PER_DEGREE = 69.05;

export interface SyntheticPlaces {
  /** A city, bigger ones more often. */
  city(random: Random): City;
  /** A point within a few miles of the city's middle (wider for bigger cities). */
  pointIn(random: Random, city: City): Point;
  /** The city's ZIP nearest the point. */
  zipAt(city: City, point: Point): string;
  stateName(state: string): string;
}

/** concentration: the power of a city's size its weight is (1: the top 50 cities get about 9% of reports, 1.5: 38%). */
export async function syntheticPlaces(concentration: number): Promise<SyntheticPlaces> {
  const [{ cities }, g] = await Promise.all([reportPlaces(), gazetteer()]);
  const cumulative = new Float64Array(cities.length);
  let total = 0;
  cities.forEach((c, i) => (cumulative[i] = total += c.size ** concentration));
  const zips = new Map<City, readonly ZipRecord[]>();
  const zipsOf = (city: City) => {
    let list = zips.get(city);
    if (!list) zips.set(city, (list = (g.byCity.get(`${city.state}|${city.key}`) ?? []).filter((r) => !r.sharedPoint)));
    return list;
  };
  return {
    city(random) {
      const r = random.next() * total;
      let lo = 0;
      let hi = cities.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((cumulative[mid] ?? 0) <= r) lo = mid + 1;
        else hi = mid;
      }
      return cities[lo] as City;
    },
    pointIn(random, city) {
      const reach = (1 + Math.min(7, Math.sqrt(city.size))) * Math.sqrt(random.next());
      const angle = 2 * Math.PI * random.next();
      const lat = city.middle.lat + (reach * Math.cos(angle)) / MILES_PER_DEGREE;
      const lng = city.middle.lng + (reach * Math.sin(angle)) / (MILES_PER_DEGREE * Math.cos((city.middle.lat * Math.PI) / 180));
      return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
    },
    zipAt: (city, point) => nearest(zipsOf(city), point)?.record.zip ?? city.middle.zip,
    stateName: (state) => g.stateNames.get(state) ?? state,
  };
}
