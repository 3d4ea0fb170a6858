/// <reference types="google.maps" />
// Place search and reverse geocoding by Google (Places autocomplete and details, the Geocoder), loaded through
// @googlemaps/js-api-loader on first use. Its own chunk: geo-services imports it only when a key is configured.
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { GeoError, type GeoServices, type Place, type PlaceSuggestion, type Point } from '../../widgets/shared/geo.ts';
import { fillZip } from './zip-fill.ts';

/** The parts of Google's libraries this module uses (tests hand in fakes). */
export interface GoogleLibraries {
  places: Pick<google.maps.PlacesLibrary, 'AutocompleteSuggestion' | 'AutocompleteSessionToken' | 'Place'>;
  geocoding: Pick<google.maps.GeocodingLibrary, 'Geocoder'>;
}

/** Place fields read after a choice (each field is billed, so only these). */
const DETAIL_FIELDS = ['formattedAddress', 'addressComponents', 'location'];

let optionsSet = false;

/** Loads the places and geocoding libraries once, on the first call; a failed load is tried again on the next. */
function googleLoader(key: string): () => Promise<GoogleLibraries> {
  let loading: Promise<GoogleLibraries> | undefined;
  return () => {
    if (!optionsSet) {
      setOptions({ key, v: 'weekly' });
      optionsSet = true;
    }
    loading ??= Promise.all([importLibrary('places'), importLibrary('geocoding')]).then(
      ([places, geocoding]) => ({ places, geocoding }),
      (error: unknown) => {
        loading = undefined;
        console.warn('Google Maps could not be loaded', error);
        throw new GeoError('NETWORK');
      },
    );
    return loading;
  };
}

/** Google's status code of a failed request (MapsRequestError and friends carry it as `code`). */
const statusOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code ? code : 'UNKNOWN_ERROR';
};

async function google<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw error instanceof GeoError ? error : new GeoError(statusOf(error));
  }
}

/** The page's language, for names in the person's language. */
const language = () => document.documentElement.lang || undefined;

interface Component {
  types: string[];
  long: string | null;
  short: string | null;
}

/** The first component of the first of these types that has one. */
function find(components: Component[], ...types: string[]): Component | undefined {
  for (const type of types) {
    const component = components.find((c) => c.types.includes(type));
    if (component) return component;
  }
  return undefined;
}

/** The lead API takes only US places: a place in another country is none. */
const inUs = (components: Component[]) => find(components, 'country')?.short === 'US';

/** The text if it matches the pattern, else the fallback: what the lead API would refuse is left out. */
const valid = <T>(text: string | null | undefined, pattern: RegExp, fallback: T) => (text != null && pattern.test(text) ? text : fallback);

/**
 * A Place from an address and its components: city = locality, state = the state's two-letter code (else empty),
 * zip = the five-digit postal code (else null).
 */
function placeFrom(address: string, components: Component[], point: Point | undefined): Place {
  return {
    address,
    city: find(components, 'locality', 'postal_town', 'sublocality', 'administrative_area_level_3')?.long ?? '',
    state: valid(find(components, 'administrative_area_level_1')?.short, /^[A-Z]{2}$/, ''),
    zip: valid(find(components, 'postal_code')?.long, /^\d{5}$/, null),
    ...point,
  };
}

export function googleGeo(libraries: () => Promise<GoogleLibraries>, tiles: GeoServices['tiles']): GeoServices {
  /** One autocomplete session from the first keystroke to the choice (Google bills the session, not each request). */
  let session: google.maps.places.AutocompleteSessionToken | undefined;
  const predictions = new Map<string, google.maps.places.PlacePrediction>();
  let geocoder: google.maps.Geocoder | undefined;

  return {
    tiles,

    findsAddresses: true,

    async suggest(text, signal, scope = 'places') {
      const input = text.trim();
      if (!input) return [];
      const { places } = await libraries();
      session ??= new places.AutocompleteSessionToken();
      const sessionToken = session;
      const { suggestions } = await google(() =>
        places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
          input,
          includedRegionCodes: ['us'],
          // §5: US only, regions (cities, counties, states and postal codes); the map's search takes any address too.
          ...(scope === 'addresses' ? {} : { includedPrimaryTypes: ['(regions)'] }),
          language: language(),
          sessionToken,
        }),
      );
      signal?.throwIfAborted();
      return suggestions.flatMap(({ placePrediction: p }): PlaceSuggestion[] => {
        if (!p) return [];
        predictions.set(p.placeId, p);
        return [{ id: p.placeId, label: p.text.text }];
      });
    },

    async resolve(suggestion) {
      const { places } = await libraries();
      const prediction = predictions.get(suggestion.id);
      const place = prediction ? prediction.toPlace() : new places.Place({ id: suggestion.id });
      await google(() => place.fetchFields({ fields: DETAIL_FIELDS }));
      session = undefined;
      const components = (place.addressComponents ?? []).map((c) => ({ types: c.types, long: c.longText, short: c.shortText }));
      const location = place.location ? { lat: place.location.lat(), lng: place.location.lng() } : undefined;
      // includedRegionCodes keeps the suggestions in the US; a choice that still lies elsewhere is no result.
      if (!inUs(components)) throw new GeoError('ZERO_RESULTS');
      return fillZip(placeFrom(place.formattedAddress ?? suggestion.label, components, location));
    },

    async reverse(point) {
      const { geocoding } = await libraries();
      geocoder ??= new geocoding.Geocoder();
      const coder = geocoder;
      let results: google.maps.GeocoderResult[];
      try {
        ({ results } = await coder.geocode({ location: point, language: language() }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 'ZERO_RESULTS') return null;
        throw new GeoError(status);
      }
      // The first answer is the most precise; one naming a city is worth more than a bare road or plus code.
      const best = results.find((r) => r.address_components.some((c) => c.types.includes('locality'))) ?? results[0];
      if (!best) return null;
      const components = (r: google.maps.GeocoderResult) => r.address_components.map((c) => ({ types: c.types, long: c.long_name, short: c.short_name }));
      // Every answer is for the same point, so the first that names a country (a bare plus code names none) says where it is.
      if (!inUs(results.flatMap(components))) return null;
      return fillZip(placeFrom(best.formatted_address, components(best), { lat: point.lat, lng: point.lng }));
    },
  };
}

/** Google's place services with this key, loaded on first use. */
export const googleGeoWithKey = (key: string, tiles: GeoServices['tiles']) => googleGeo(googleLoader(key), tiles);
