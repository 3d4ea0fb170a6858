// Distances on the earth between points, the nearest of some ZIPs to a point, and the ZIP in the middle of a city.
import type { Point, ZipRecord } from './gazetteer.ts';

export const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles. */
export function miles(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The ZIP nearest the point (the first in ZIP order on a tie), with its distance. */
export function nearest(records: readonly ZipRecord[], point: Point): { record: ZipRecord; miles: number } | undefined {
  let best: { record: ZipRecord; miles: number } | undefined;
  for (const record of records) {
    const d = miles(point, record);
    if (!best || d < best.miles) best = { record, miles: d };
  }
  return best;
}

/**
 * The ZIP nearest the middle of a city's ZIPs. Each point counts once and ZIPs of their own point are preferred, so the
 * PO-box ZIPs stacked on the post office neither pull the middle nor stand for the city (Austin is 78701, not 73301).
 */
export function middleZip(records: readonly ZipRecord[]): ZipRecord | undefined {
  if (records.length === 0) return undefined;
  const points = new Map<string, Point>();
  for (const r of records) points.set(`${r.lat},${r.lng}`, r);
  const spots = [...points.values()];
  const middle = { lat: avg(spots.map((p) => p.lat)), lng: avg(spots.map((p) => p.lng)) };
  const own = records.filter((r) => !r.sharedPoint);
  return nearest(own.length > 0 ? own : records, middle)?.record;
}

function avg(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
