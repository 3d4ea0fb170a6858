// The grid a radius search reads: the earth cut into cells of CELL_DEGREES, each report stored with the number of its
// cell (reports.geo_cell, B-tree indexed with the date), so "within R miles" reads the few cells around the point.
import { EARTH_RADIUS_MILES } from '../geo/distance.ts';
import type { Point } from '../geo/gazetteer.ts';

/** A tenth of a degree: about 7 miles north-south, so a 10-mile search reads 4×5 or so cells in the US. */
export const CELL_DEGREES = 0.1;
const COLUMNS = Math.round(360 / CELL_DEGREES);
const ROWS = Math.round(180 / CELL_DEGREES);
const MILES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_MILES;

const row = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
const column = (lng: number) => ((Math.floor((lng + 180) / CELL_DEGREES) % COLUMNS) + COLUMNS) % COLUMNS;

/** The cell of a point. */
export function geoCell({ lat, lng }: Point): number {
  return row(lat) * COLUMNS + column(lng);
}

/** Every cell that holds a point within `miles` of the centre (a superset: the distance is checked afterwards). */
export function cellsAround(centre: Point, miles: number): number[] {
  const dLat = miles / MILES_PER_DEGREE;
  const south = centre.lat - dLat;
  const north = centre.lat + dLat;
  // The widest the circle gets east-west is at its edge nearest a pole.
  const widestLat = Math.min(89.9, Math.max(Math.abs(south), Math.abs(north)));
  const dLng = Math.min(180, dLat / Math.cos((widestLat * Math.PI) / 180));
  const cells: number[] = [];
  const firstColumn = Math.floor((centre.lng - dLng + 180) / CELL_DEGREES);
  const lastColumn = Math.floor((centre.lng + dLng + 180) / CELL_DEGREES);
  const columns = Math.min(COLUMNS, lastColumn - firstColumn + 1);
  for (let r = row(south); r <= row(north); r++) {
    for (let c = 0; c < columns; c++) cells.push(r * COLUMNS + ((((firstColumn + c) % COLUMNS) + COLUMNS) % COLUMNS));
  }
  return cells;
}
