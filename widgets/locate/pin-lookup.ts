// Reverse geocoding of a dropped pin as one result the map form can show (§8: failure status, or no result).
import { GeoError, type GeoServices, type Place, type Point } from '../shared/geo.ts';

export type PinLookup = { kind: 'found'; place: Place } | { kind: 'none' } | { kind: 'failed'; status: string };

export async function lookUpPin(geo: Pick<GeoServices, 'reverse'>, point: Point): Promise<PinLookup> {
  try {
    const place = await geo.reverse(point);
    return place ? { kind: 'found', place } : { kind: 'none' };
  } catch (error) {
    return { kind: 'failed', status: error instanceof GeoError ? error.status : 'UNKNOWN_ERROR' };
  }
}

/** The alert for a lookup: errors:GEOCODER_FAILED with its status, errors:NO_RESULTS_FOUND, or none. */
export function lookupAlert(result: PinLookup | null): { key: string; values?: Record<string, string> } | null {
  if (result?.kind === 'failed') return { key: 'errors:GEOCODER_FAILED', values: { status: result.status } };
  if (result?.kind === 'none') return { key: 'errors:NO_RESULTS_FOUND' };
  return null;
}
