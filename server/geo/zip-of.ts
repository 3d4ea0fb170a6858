// The ZIP code of a place that came without one (GET /api/accident/zip): from its point, its city and state, or both.
import { middleZip, nearest } from './distance.ts';
import { gazetteer, type Point } from './gazetteer.ts';
import { normalizeCity } from './place-names.ts';
import { zipGrid } from './zip-grid.ts';

export interface ZipQuery {
  point?: Point;
  city?: string;
  state?: string;
}

/** Without a city match, a ZIP farther than this from the point is no answer (the open sea, another country). */
export const MAX_MILES = 30;

/**
 * The ZIP of the place: with a point, the nearest ZIP of the city in the state, else the nearest in the state, else
 * anywhere, within MAX_MILES; without a point, the ZIP nearest the middle of the city. Undefined when nothing fits.
 */
export async function zipOf(query: ZipQuery): Promise<string | undefined> {
  const g = await gazetteer();
  const state = query.state === undefined ? undefined : g.normalizeState(query.state);
  const inCity = state !== undefined && query.city !== undefined ? (g.byCity.get(`${state}|${normalizeCity(query.city)}`) ?? []) : [];
  const point = query.point;
  if (!point) return middleZip(inCity)?.zip;
  // The city was named, so its ZIPs win wherever the pin is; the wider pools must be near the point.
  if (inCity.length > 0) return nearest(inCity, point)?.record.zip;
  const grid = await zipGrid();
  const inState = state === undefined ? undefined : grid.nearest(point, MAX_MILES, { accept: (r) => r.state === state });
  return (inState ?? grid.nearest(point, MAX_MILES))?.record.zip;
}
