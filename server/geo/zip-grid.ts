// A grid of 1° cells over the gazetteer's ZIPs, built on first use, so the nearest ZIP to a point is found without a full scan.
import { EARTH_RADIUS_MILES, miles } from './distance.ts';
import { gazetteer, type Point, type ZipRecord } from './gazetteer.ts';

export interface ZipGrid {
  /**
   * The ZIP nearest the point within maxMiles among those accepted (all by default), or undefined. penalty(record)
   * miles are added to a ZIP's distance when ranking (never when checking maxMiles).
   */
  nearest(
    point: Point,
    maxMiles: number,
    options?: { accept?: (record: ZipRecord) => boolean; penalty?: (record: ZipRecord) => number },
  ): { record: ZipRecord; miles: number } | undefined;
}

const cellKey = (latCell: number, lngCell: number) => latCell * 360 + lngCell;
/** Longitude cells wrap around the antimeridian: -180..179. */
const wrapLng = (lngCell: number) => ((((lngCell + 180) % 360) + 360) % 360) - 180;

export function buildZipGrid(records: readonly ZipRecord[]): ZipGrid {
  const cells = new Map<number, ZipRecord[]>();
  for (const r of records) {
    const key = cellKey(Math.floor(r.lat), wrapLng(Math.floor(r.lng)));
    const cell = cells.get(key);
    if (cell) cell.push(r);
    else cells.set(key, [r]);
  }
  return {
    nearest(point, maxMiles, { accept, penalty } = {}) {
      const reach = maxMiles / EARTH_RADIUS_MILES;
      const dLat = (reach * 180) / Math.PI;
      // The widest longitude a cap of this radius spans; a cap over a pole spans them all.
      const sinRatio = Math.sin(reach) / Math.cos((point.lat * Math.PI) / 180);
      const dLng = sinRatio >= 1 ? 180 : (Math.asin(sinRatio) * 180) / Math.PI;
      const latFrom = Math.max(-90, Math.floor(point.lat - dLat));
      const latTo = Math.min(89, Math.floor(point.lat + dLat));
      const lngFrom = Math.floor(point.lng - dLng);
      const lngTo = dLng >= 180 ? lngFrom + 359 : Math.floor(point.lng + dLng);
      let best: { record: ZipRecord; miles: number; rank: number } | undefined;
      for (let latCell = latFrom; latCell <= latTo; latCell++) {
        for (let lngCell = lngFrom; lngCell <= Math.min(lngTo, lngFrom + 359); lngCell++) {
          for (const record of cells.get(cellKey(latCell, wrapLng(lngCell))) ?? []) {
            const d = miles(point, record);
            if (d > maxMiles || (accept && !accept(record))) continue;
            const rank = d + (penalty ? penalty(record) : 0);
            if (!best || rank < best.rank || (rank === best.rank && record.zip < best.record.zip)) best = { record, miles: d, rank };
          }
        }
      }
      return best && { record: best.record, miles: best.miles };
    },
  };
}

let building: Promise<ZipGrid> | undefined;

/** The grid of every ZIP of the gazetteer, built once. */
export function zipGrid(): Promise<ZipGrid> {
  building ??= gazetteer().then((g) => buildZipGrid(g.all));
  return building;
}
