// The place at a map point from the offline gazetteer: the city, state and ZIP of the nearest town ZIP.
import type { Point } from './gazetteer.ts';
import type { PlaceAnswer } from './place-answer.ts';
import { MAX_MILES } from './zip-of.ts';
import { zipGrid } from './zip-grid.ts';

/** Within this, a ZIP of its own point beats one stacked on a post office with PO boxes (which no street address has). */
const STACKED_ZIP_PENALTY_MILES = 1;

/**
 * The place at a point: the city, state and ZIP of the nearest town ZIP within MAX_MILES (30), the point as given;
 * null when none is that near (the open sea, another country).
 */
export async function reversePlace(point: Point): Promise<PlaceAnswer | null> {
  const grid = await zipGrid();
  const found = grid.nearest(point, MAX_MILES, {
    accept: (r) => !r.office,
    penalty: (r) => (r.sharedPoint ? STACKED_ZIP_PENALTY_MILES : 0),
  });
  if (!found) return null;
  const { zip, city, state } = found.record;
  return { id: `zip-${zip}`, label: `${city}, ${state}, USA`, address: `${city}, ${state} ${zip}, USA`, city, state, zip, lat: point.lat, lng: point.lng };
}
