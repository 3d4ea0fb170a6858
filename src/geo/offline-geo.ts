// Place search and reverse geocoding by the API's own offline US gazetteer (GET /places/suggest, /places/reverse).
import { GeoError, type GeoServices, type Place, type PlaceSuggestion, type Point } from '../../widgets/shared/geo.ts';
import { ApiError, callApi, type ApiRequest } from '../api/client.ts';
import { fillZip } from './zip-fill.ts';

/**
 * A place as GET /places/suggest and /places/reverse answer it: a suggestion (id, label) and its place with a point,
 * built from the shared place types rather than written out again (tests/src/geo-server.test.ts checks it against the
 * API's own type).
 */
export interface GazetteerPlace extends PlaceSuggestion, Required<Place> {}

/** A suggestion that carries its place, so choosing it needs no second request. */
interface OfflineSuggestion extends PlaceSuggestion {
  place: Place;
}

const placeOf = ({ address, city, state, zip, lat, lng }: GazetteerPlace): Place => ({ address, city, state, zip, lat, lng });

/** The API's answer; a failed request becomes GeoError with the HTTP status, or NETWORK when it was not answered. */
async function ask<T>(request: ApiRequest, signal?: AbortSignal): Promise<T> {
  try {
    return await callApi<T>(request, signal);
  } catch (error) {
    signal?.throwIfAborted();
    throw new GeoError(error instanceof ApiError && error.status > 0 ? String(error.status) : 'NETWORK');
  }
}

export function offlineGeo(tiles: GeoServices['tiles']): GeoServices {
  /** Places of the suggestions shown, by id, for a caller that hands back a copy of a suggestion. */
  const known = new Map<string, Place>();

  return {
    tiles,

    async suggest(text, signal) {
      const q = text.trim();
      if (!q) return [];
      const { places } = await ask<{ places: GazetteerPlace[] }>({ method: 'GET', path: '/places/suggest', query: { q } }, signal);
      return places.map((p): OfflineSuggestion => {
        const place = placeOf(p);
        known.set(p.id, place);
        return { id: p.id, label: p.label, place };
      });
    },

    async resolve(suggestion) {
      const place = (suggestion as Partial<OfflineSuggestion>).place ?? known.get(suggestion.id);
      if (!place) throw new GeoError('NOT_FOUND');
      return fillZip(place);
    },

    async reverse({ lat, lng }: Point) {
      const { place } = await ask<{ place: GazetteerPlace | null }>({
        method: 'GET',
        path: '/places/reverse',
        query: { lat: lat.toFixed(6), lng: lng.toFixed(6) },
      });
      // The pin, not the gazetteer's centre of the place: the ZIP found for it is the one nearest the accident.
      return place ? fillZip({ ...placeOf(place), lat, lng }) : null;
    },
  };
}
