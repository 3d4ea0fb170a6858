// The ZIP code of a place from the offline US ZIP gazetteer of the zipcodes package (no network, loaded on first use).
import type { ZipCode } from 'zipcodes';

export interface ZipQuery {
  point?: { lat: number; lng: number };
  city?: string;
  state?: string;
}

/** Without a city match, a ZIP farther than this from the point is no answer (the open sea, another country). */
export const MAX_MILES = 30;

interface Place {
  zip: string;
  lat: number;
  lng: number;
}

interface Gazetteer {
  all: Place[];
  byState: Map<string, Place[]>;
  byCity: Map<string, Place[]>;
  normalizeState(state: string): string | undefined;
}

let loading: Promise<Gazetteer> | undefined;

/** Case, dots, spaces and the usual abbreviations (St., Ft., Mt.) do not matter: "st. louis" is "Saint Louis". */
export function normalizeCity(city: string): string {
  return city
    .toUpperCase()
    .replace(/\./g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^ST /, 'SAINT ')
    .replace(/^FT /, 'FORT ')
    .replace(/^MT /, 'MOUNT ');
}

async function load(): Promise<Gazetteer> {
  const { codes, states } = await import('zipcodes');
  const all: Place[] = [];
  const byState = new Map<string, Place[]>();
  const byCity = new Map<string, Place[]>();
  const add = (map: Map<string, Place[]>, key: string, place: Place) => {
    const list = map.get(key);
    if (list) list.push(place);
    else map.set(key, [place]);
  };
  for (const code of Object.values<ZipCode>(codes)) {
    // The package also holds Canadian codes; military post offices have no coordinates (0, 0).
    if (code.country !== 'US' || !/^\d{5}$/.test(code.zip) || (code.latitude === 0 && code.longitude === 0)) continue;
    const place = { zip: code.zip, lat: code.latitude, lng: code.longitude };
    all.push(place);
    add(byState, code.state, place);
    add(byCity, `${code.state}|${normalizeCity(code.city)}`, place);
  }
  const normalizeState = (state: string) => {
    const upper = state.trim().toUpperCase();
    const abbr = upper.length === 2 ? upper : states.normalize(upper);
    return byState.has(abbr) ? abbr : undefined;
  };
  return { all, byState, byCity, normalizeState };
}

/** Great-circle distance in miles. */
function miles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function nearest(places: Place[], point: { lat: number; lng: number }): { place: Place; miles: number } | undefined {
  let best: { place: Place; miles: number } | undefined;
  for (const place of places) {
    const d = miles(point, place);
    if (!best || d < best.miles) best = { place, miles: d };
  }
  return best;
}

/**
 * The ZIP of the place: with a point, the nearest ZIP of the city in the state, else the nearest in the state, else
 * anywhere, within MAX_MILES; without a point, the ZIP nearest the middle of the city. Undefined when nothing fits.
 */
export async function zipOf(query: ZipQuery): Promise<string | undefined> {
  loading ??= load();
  const g = await loading;
  const state = query.state === undefined ? undefined : g.normalizeState(query.state);
  const inCity = state !== undefined && query.city !== undefined ? (g.byCity.get(`${state}|${normalizeCity(query.city)}`) ?? []) : [];
  const point = query.point;
  if (!point) {
    if (inCity.length === 0) return undefined;
    const middle = { lat: avg(inCity.map((p) => p.lat)), lng: avg(inCity.map((p) => p.lng)) };
    return nearest(inCity, middle)?.place.zip;
  }
  // The city was named, so its ZIPs win wherever the pin is; the wider pools must be near the point.
  if (inCity.length > 0) return nearest(inCity, point)?.place.zip;
  for (const pool of [state === undefined ? [] : (g.byState.get(state) ?? []), g.all]) {
    const best = nearest(pool, point);
    if (best && best.miles <= MAX_MILES) return best.place.zip;
  }
  return undefined;
}

function avg(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
