// Place search, reverse geocoding and map tiles as widgets see them: one interface, provided by the app (Google when
// a key is configured, else the API's offline US gazetteer), so widgets never know which one answers.
import { createContext, useContext, useEffect } from 'react';

export interface Point {
  lat: number;
  lng: number;
}

/** A place chosen from the suggestions or found from a map pin (§3: address, state, postal code, locality). */
export interface Place {
  /** Full formatted address, shown to the person, e.g. "Austin, TX 78701, USA". */
  address: string;
  /** Locality (city name), e.g. "Austin". */
  city: string;
  /** Two-letter state code, e.g. "TX". */
  state: string;
  /** Five-digit ZIP code, or null when none is known. */
  zip: string | null;
  lat?: number;
  lng?: number;
}

/** One suggestion for typed text: what the list shows; resolve() turns it into a Place. */
export interface PlaceSuggestion {
  id: string;
  label: string;
}

/** What a search looks for: `places` (cities, ZIP codes and states) by default; `addresses` adds street addresses. */
export type SuggestScope = 'places' | 'addresses';

export interface GeoServices {
  /**
   * Cities, ZIP codes and regions in the US that match the text, best first (an empty list when none); street addresses
   * too for the scope `addresses` when the service has them (`findsAddresses`).
   */
  suggest(text: string, signal?: AbortSignal, scope?: SuggestScope): Promise<PlaceSuggestion[]>;
  /** The service suggests street addresses (Google, with a key); the offline gazetteer knows cities and ZIPs only. */
  findsAddresses?: boolean;
  /** The place of a suggestion, its ZIP filled in (GET /accident/zip) when the place has a city and state but none. */
  resolve(suggestion: PlaceSuggestion): Promise<Place>;
  /** The address at a point, or null when nothing is found there; throws GeoError when the service fails. */
  reverse(point: Point): Promise<Place | null>;
  /** Map tiles: a Leaflet URL template and its attribution (HTML). */
  tiles: { url: string; attribution: string };
  /** Fetches the services' code ahead of their first use, when it is fetched on first use (src/geo/geo-services.ts). */
  warm?: () => void;
}

/** A failure of the place service; status is its code (e.g. Google's OVER_QUERY_LIMIT, or an HTTP status). */
export class GeoError extends Error {
  constructor(readonly status: string) {
    super(`geocoder failed: ${status}`);
    this.name = 'GeoError';
  }
}

export const GeoContext = createContext<GeoServices | null>(null);

/** The place services, their code fetched as the widget that asks is shown: its first search does not wait for it. */
export function useGeo(): GeoServices {
  const geo = useContext(GeoContext);
  if (!geo) throw new Error('useGeo: no GeoContext provider (the app provides one around funnels)');
  useEffect(() => geo.warm?.(), [geo]);
  return geo;
}
