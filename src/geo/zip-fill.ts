// The step every place service shares (§7): a place with a city and state but no postal code gets its ZIP from
// GET /accident/zip, so the lead always carries one when the gazetteer knows it.
import type { Place } from '../../widgets/shared/geo.ts';
import { callApi } from '../api/client.ts';

interface ZipAnswer {
  success: boolean;
  area?: { code: string };
}

/** Decimal degrees as the query schema accepts them (never exponent notation). */
const degrees = (n: number) => n.toFixed(6);

/** The place with its ZIP filled in when it has none; unchanged when it has one, lacks a city or state, or none is found. */
export async function fillZip(place: Place, signal?: AbortSignal): Promise<Place> {
  if (place.zip || !place.city || !place.state) return place;
  const query: Record<string, string> = { city: place.city, state: place.state };
  if (place.lat !== undefined && place.lng !== undefined) Object.assign(query, { lat: degrees(place.lat), lng: degrees(place.lng) });
  try {
    const answer = await callApi<ZipAnswer>({ method: 'GET', path: '/accident/zip', query }, signal);
    return answer.success && answer.area ? { ...place, zip: answer.area.code } : place;
  } catch (error) {
    // The ZIP only completes the lead: the place the person chose stands without it.
    console.warn('ZIP lookup failed', error);
    return place;
  }
}
