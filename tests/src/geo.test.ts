// The place services: the offline gazetteer over the API, Google's libraries (a fake google.maps), the shared ZIP
// fill-in, and the choice between them by the build's settings.
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientConfig, DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '../../src/config.ts';
import { googleGeo, type GoogleLibraries } from '../../src/geo/google-geo.ts';
import { offlineGeo } from '../../src/geo/offline-geo.ts';
import { fillZip } from '../../src/geo/zip-fill.ts';
import { GeoError, type PlaceSuggestion } from '../../widgets/shared/geo.ts';
import { json } from '../testing/fake-api.ts';

const loader = vi.hoisted(() => ({ setOptions: vi.fn(), importLibrary: vi.fn() }));
vi.mock('@googlemaps/js-api-loader', () => loader);

const tiles = { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' };

const fetchMock = vi.fn<typeof fetch>();
/** The API paths and queries requested, in order. */
const requested = () =>
  fetchMock.mock.calls.map(([url]) => {
    const u = new URL(url as string, 'http://app.test');
    return { path: u.pathname, query: Object.fromEntries(u.searchParams) };
  });

/** Answers each API path from a table (a function gets the query); anything else is a 404. */
function api(routes: Record<string, unknown>) {
  fetchMock.mockImplementation((url) => {
    const u = new URL(url as string, 'http://app.test');
    const answer = routes[u.pathname];
    if (answer === undefined) return Promise.resolve(json(404, { error: 'not_found' }));
    if (answer instanceof Response) return Promise.resolve(answer);
    return Promise.resolve(json(200, typeof answer === 'function' ? (answer as (q: URLSearchParams) => unknown)(u.searchParams) : answer));
  });
}

const austin = { id: 'us-tx-austin', label: 'Austin, TX', address: 'Austin, TX, USA', city: 'Austin', state: 'TX', zip: null, lat: 30.2672, lng: -97.7431 };
const dallas = {
  id: 'us-tx-dallas',
  label: 'Dallas, TX',
  address: 'Dallas, TX 75201, USA',
  city: 'Dallas',
  state: 'TX',
  zip: '75201',
  lat: 32.7767,
  lng: -96.797,
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the offline gazetteer', () => {
  it('suggests places for the typed text and resolves a choice to its place, the ZIP filled in from /accident/zip', async () => {
    api({ '/api/places/suggest': { places: [austin, dallas] }, '/api/accident/zip': { success: true, area: { code: '78701' } } });
    const geo = offlineGeo(tiles);
    const suggestions = await geo.suggest('  aus ');
    expect(suggestions.map(({ id, label }) => ({ id, label }))).toEqual([
      { id: 'us-tx-austin', label: 'Austin, TX' },
      { id: 'us-tx-dallas', label: 'Dallas, TX' },
    ]);
    expect(requested()).toEqual([{ path: '/api/places/suggest', query: { q: 'aus' } }]);

    await expect(geo.resolve(suggestions[0]!)).resolves.toEqual({
      address: 'Austin, TX, USA',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      lat: 30.2672,
      lng: -97.7431,
    });
    expect(requested()[1]).toEqual({ path: '/api/accident/zip', query: { city: 'Austin', state: 'TX', lat: '30.267200', lng: '-97.743100' } });

    // A place that has its ZIP needs no lookup; a copy of a suggestion (only id and label) still resolves.
    const copy: PlaceSuggestion = { id: 'us-tx-dallas', label: 'Dallas, TX' };
    await expect(geo.resolve(copy)).resolves.toMatchObject({ city: 'Dallas', state: 'TX', zip: '75201' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(geo.tiles).toBe(tiles);
  });

  it('asks nothing for empty text', async () => {
    await expect(offlineGeo(tiles).suggest('   ')).resolves.toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('finds the place at a point, its ZIP looked up nearest the pin, or null where there is none', async () => {
    api({
      '/api/places/reverse': (q: URLSearchParams) => ({ place: q.get('lat') === '0.000000' ? null : { ...austin, lat: 30.26, lng: -97.74 } }),
      '/api/accident/zip': { success: true, area: { code: '78702' } },
    });
    const geo = offlineGeo(tiles);
    await expect(geo.reverse({ lat: 30.2711, lng: -97.7188 })).resolves.toMatchObject({
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      lat: 30.2711,
      lng: -97.7188,
    });
    expect(requested()).toEqual([
      { path: '/api/places/reverse', query: { lat: '30.271100', lng: '-97.718800' } },
      { path: '/api/accident/zip', query: { city: 'Austin', state: 'TX', lat: '30.271100', lng: '-97.718800' } },
    ]);
    await expect(geo.reverse({ lat: 0, lng: 0 })).resolves.toBeNull();
  });

  it('turns an HTTP failure into GeoError with its status, and an unanswered request into GeoError NETWORK', async () => {
    api({ '/api/places/suggest': json(503, { error: 'unavailable' }) });
    const geo = offlineGeo(tiles);
    await expect(geo.suggest('aus')).rejects.toEqual(new GeoError('503'));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await geo.reverse({ lat: 30, lng: -97 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GeoError);
    expect(failure).toMatchObject({ status: 'NETWORK' });
  });

  it('lets an aborted search end as an abort, not as a failure to show', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    const failure = await offlineGeo(tiles)
      .suggest('aus', controller.signal)
      .catch((e: unknown) => e);
    expect(failure).not.toBeInstanceOf(GeoError);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });
});

describe('the ZIP fill-in', () => {
  const place = { address: 'Austin, TX, USA', city: 'Austin', state: 'TX', zip: null };

  it('asks by city and state alone when the place has no point', async () => {
    api({ '/api/accident/zip': { success: true, area: { code: '78701' } } });
    await expect(fillZip(place)).resolves.toEqual({ ...place, zip: '78701' });
    expect(requested()).toEqual([{ path: '/api/accident/zip', query: { city: 'Austin', state: 'TX' } }]);
  });

  it('keeps the place without a ZIP when none is found or the lookup fails, and asks nothing without city or state', async () => {
    api({ '/api/accident/zip': { success: false } });
    await expect(fillZip(place)).resolves.toEqual(place);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fillZip(place)).resolves.toEqual(place);
    fetchMock.mockClear();
    await expect(fillZip({ ...place, city: '' })).resolves.toEqual({ ...place, city: '' });
    await expect(fillZip({ ...place, state: '' })).resolves.toEqual({ ...place, state: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

/** A fake of the parts of google.maps the module uses: place ids map to details, points to geocoder answers. */
function fakeGoogle(options: {
  predictions?: { placeId: string; text: string }[];
  details?: Record<string, { formattedAddress: string; components: [string[], string, string?][]; location?: { lat: number; lng: number } }>;
  suggestError?: Error;
  geocode?: (request: google.maps.GeocoderRequest) => Promise<{ results: unknown[] }>;
}) {
  const fetchAutocompleteSuggestions = vi.fn((request: google.maps.places.AutocompleteRequest) => {
    void request;
    if (options.suggestError) return Promise.reject(options.suggestError);
    return Promise.resolve({
      suggestions: (options.predictions ?? []).map((p) => ({
        placePrediction: { placeId: p.placeId, text: { text: p.text }, toPlace: () => new FakePlace({ id: p.placeId }) },
      })),
    });
  });
  class FakePlace {
    formattedAddress?: string;
    addressComponents?: { types: string[]; longText: string; shortText: string }[];
    location?: { lat(): number; lng(): number };
    constructor(readonly options: { id: string }) {}
    fetchFields = vi.fn(() => {
      const d = options.details?.[this.options.id];
      if (!d) return Promise.reject(Object.assign(new Error('not found'), { code: 'NOT_FOUND' }));
      this.formattedAddress = d.formattedAddress;
      this.addressComponents = d.components.map(([types, longText, shortText]) => ({ types, longText, shortText: shortText ?? longText }));
      const at = d.location;
      if (at) this.location = { lat: () => at.lat, lng: () => at.lng };
      return Promise.resolve({ place: this });
    });
  }
  const geocode = vi.fn(options.geocode ?? (() => Promise.resolve({ results: [] as unknown[] })));
  class FakeGeocoder {
    geocode = geocode;
  }
  const libraries = {
    places: { AutocompleteSuggestion: { fetchAutocompleteSuggestions }, AutocompleteSessionToken: class {}, Place: FakePlace },
    geocoding: { Geocoder: FakeGeocoder },
  } as unknown as GoogleLibraries;
  return { libraries, fetchAutocompleteSuggestions, geocode };
}

/** Geocoder's promise rejects with a MapsRequestError whose code is the status. */
const mapsError = (code: string) => Object.assign(new Error(`GEOCODER_GEOCODE: ${code}`), { code });

describe('Google', () => {
  const component = (types: string[], long: string, short?: string): [string[], string, string?] => [types, long, short];

  it('suggests US regions and resolves a choice to address, locality, state code and postal code', async () => {
    const fake = fakeGoogle({
      predictions: [{ placeId: 'p-austin', text: 'Austin, TX, USA' }],
      details: {
        'p-austin': {
          formattedAddress: 'Austin, TX 78701, USA',
          components: [
            component(['locality', 'political'], 'Austin'),
            component(['administrative_area_level_1', 'political'], 'Texas', 'TX'),
            component(['country', 'political'], 'United States', 'US'),
            component(['postal_code'], '78701'),
          ],
          location: { lat: 30.2672, lng: -97.7431 },
        },
      },
    });
    document.documentElement.lang = 'es';
    const geo = googleGeo(() => Promise.resolve(fake.libraries), tiles);
    const suggestions = await geo.suggest('Aus');
    expect(suggestions).toEqual([{ id: 'p-austin', label: 'Austin, TX, USA' }]);
    expect(fake.fetchAutocompleteSuggestions).toHaveBeenCalledWith(
      expect.objectContaining({ input: 'Aus', includedRegionCodes: ['us'], includedPrimaryTypes: ['(regions)'], language: 'es' }),
    );
    // The map's search takes street addresses too: no type filter, still the US only.
    expect(geo.findsAddresses).toBe(true);
    await geo.suggest('500 Congress', undefined, 'addresses');
    const [addressRequest] = fake.fetchAutocompleteSuggestions.mock.lastCall ?? [];
    expect(addressRequest).toMatchObject({ input: '500 Congress', includedRegionCodes: ['us'] });
    expect(addressRequest).not.toHaveProperty('includedPrimaryTypes');
    await expect(geo.resolve(suggestions[0]!)).resolves.toEqual({
      address: 'Austin, TX 78701, USA',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      lat: 30.2672,
      lng: -97.7431,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fills in the ZIP from /accident/zip when Google gives the place none', async () => {
    api({ '/api/accident/zip': { success: true, area: { code: '02108' } } });
    const fake = fakeGoogle({
      details: {
        'p-boston': {
          formattedAddress: 'Boston, MA, USA',
          components: [
            component(['locality'], 'Boston'),
            component(['administrative_area_level_1'], 'Massachusetts', 'MA'),
            component(['country'], 'United States', 'US'),
          ],
          location: { lat: 42.3601, lng: -71.0589 },
        },
      },
    });
    const geo = googleGeo(() => Promise.resolve(fake.libraries), tiles);
    await expect(geo.resolve({ id: 'p-boston', label: 'Boston, MA, USA' })).resolves.toMatchObject({ city: 'Boston', state: 'MA', zip: '02108' });
    expect(requested()).toEqual([{ path: '/api/accident/zip', query: { city: 'Boston', state: 'MA', lat: '42.360100', lng: '-71.058900' } }]);
  });

  it('geocodes a point to the result that names a city; ZERO_RESULTS is null, any other status a GeoError', async () => {
    const street = {
      formatted_address: '100 Congress Ave, Austin, TX 78701, USA',
      address_components: [
        { types: ['street_number'], long_name: '100', short_name: '100' },
        { types: ['locality', 'political'], long_name: 'Austin', short_name: 'Austin' },
        { types: ['administrative_area_level_1', 'political'], long_name: 'Texas', short_name: 'TX' },
        { types: ['country', 'political'], long_name: 'United States', short_name: 'US' },
        { types: ['postal_code'], long_name: '78701', short_name: '78701' },
      ],
    };
    const plusCode = { formatted_address: '6PH4+7V Austin', address_components: [{ types: ['plus_code'], long_name: '6PH4+7V', short_name: '6PH4+7V' }] };
    const statuses: Record<string, string> = { '1': 'ZERO_RESULTS', '2': 'OVER_QUERY_LIMIT', '3': 'REQUEST_DENIED' };
    const fake = fakeGoogle({
      geocode: ({ location }) => {
        const status = statuses[String((location as google.maps.LatLngLiteral).lat)];
        return status ? Promise.reject(mapsError(status)) : Promise.resolve({ results: [plusCode, street] });
      },
    });
    const geo = googleGeo(() => Promise.resolve(fake.libraries), tiles);
    await expect(geo.reverse({ lat: 30.2672, lng: -97.7431 })).resolves.toEqual({
      address: '100 Congress Ave, Austin, TX 78701, USA',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      lat: 30.2672,
      lng: -97.7431,
    });
    expect(fake.geocode).toHaveBeenCalledWith(expect.objectContaining({ location: { lat: 30.2672, lng: -97.7431 } }));
    await expect(geo.reverse({ lat: 1, lng: 0 })).resolves.toBeNull();
    await expect(geo.reverse({ lat: 2, lng: 0 })).rejects.toEqual(new GeoError('OVER_QUERY_LIMIT'));
    await expect(geo.reverse({ lat: 3, lng: 0 })).rejects.toMatchObject({ name: 'GeoError', status: 'REQUEST_DENIED' });
  });

  it('finds no place at a point outside the US, even one the plus code alone answers for', async () => {
    const tijuana = {
      formatted_address: 'Av. Revolución 1000, Zona Centro, 22000 Tijuana, B.C., Mexico',
      address_components: [
        { types: ['locality', 'political'], long_name: 'Tijuana', short_name: 'Tijuana' },
        { types: ['administrative_area_level_1', 'political'], long_name: 'Baja California', short_name: 'B.C.' },
        { types: ['country', 'political'], long_name: 'Mexico', short_name: 'MX' },
        { types: ['postal_code'], long_name: '22000', short_name: '22000' },
      ],
    };
    const plusCode = { formatted_address: '2CF7+XF Tijuana', address_components: [{ types: ['plus_code'], long_name: '2CF7+XF', short_name: '2CF7+XF' }] };
    const fake = fakeGoogle({ geocode: () => Promise.resolve({ results: [plusCode, tijuana] }) });
    const geo = googleGeo(() => Promise.resolve(fake.libraries), tiles);
    await expect(geo.reverse({ lat: 32.5322, lng: -117.0369 })).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps only a two-letter state and a five-digit ZIP, which the lead API takes', async () => {
    const odd = {
      formatted_address: 'Somewhere, Texas 78701-1234, USA',
      address_components: [
        { types: ['locality', 'political'], long_name: 'Somewhere', short_name: 'Somewhere' },
        { types: ['administrative_area_level_1', 'political'], long_name: 'Texas', short_name: 'Tex.' },
        { types: ['country', 'political'], long_name: 'United States', short_name: 'US' },
        { types: ['postal_code'], long_name: '78701-1234', short_name: '78701-1234' },
      ],
    };
    const fake = fakeGoogle({ geocode: () => Promise.resolve({ results: [odd] }) });
    const geo = googleGeo(() => Promise.resolve(fake.libraries), tiles);
    await expect(geo.reverse({ lat: 30.2672, lng: -97.7431 })).resolves.toEqual({
      address: 'Somewhere, Texas 78701-1234, USA',
      city: 'Somewhere',
      state: '',
      zip: null,
      lat: 30.2672,
      lng: -97.7431,
    });
    // Without a state there is no ZIP to look up either.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a chosen suggestion outside the US as no result', async () => {
    const fake = fakeGoogle({
      predictions: [{ placeId: 'p-toronto', text: 'Toronto, ON, Canada' }],
      details: {
        'p-toronto': {
          formattedAddress: 'Toronto, ON, Canada',
          components: [component(['locality'], 'Toronto'), component(['administrative_area_level_1'], 'Ontario', 'ON'), component(['country'], 'Canada', 'CA')],
          location: { lat: 43.65, lng: -79.38 },
        },
      },
    });
    const geo = googleGeo(() => Promise.resolve(fake.libraries), tiles);
    const [toronto] = await geo.suggest('Toronto');
    await expect(geo.resolve(toronto!)).rejects.toEqual(new GeoError('ZERO_RESULTS'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a failed search as GeoError with Google’s code', async () => {
    const fake = fakeGoogle({ suggestError: mapsError('REQUEST_DENIED') });
    const geo = googleGeo(() => Promise.resolve(fake.libraries), tiles);
    await expect(geo.suggest('Aus')).rejects.toEqual(new GeoError('REQUEST_DENIED'));
  });
});

describe('choosing the place services', () => {
  it('reads the tiles from the build settings, with OpenStreetMap by default', () => {
    expect(clientConfig({})).toEqual({ googleMapsKey: undefined, tiles: { url: DEFAULT_TILE_URL, attribution: DEFAULT_TILE_ATTRIBUTION } });
    expect(clientConfig({ VITE_GOOGLE_MAPS_API_KEY: ' k ', VITE_MAP_TILE_URL: tiles.url, VITE_MAP_TILE_ATTRIBUTION: 'Tiles' })).toEqual({
      googleMapsKey: 'k',
      tiles,
    });
  });

  it('uses the offline gazetteer without a key, and never loads Google', async () => {
    const { createGeoServices } = await import('../../src/geo/geo-services.ts');
    api({ '/api/places/suggest': { places: [dallas] } });
    const geo = createGeoServices(clientConfig({}));
    await expect(geo.suggest('dal')).resolves.toMatchObject([{ id: 'us-tx-dallas', label: 'Dallas, TX' }]);
    expect(loader.setOptions).not.toHaveBeenCalled();
    expect(loader.importLibrary).not.toHaveBeenCalled();
  });

  it('with a key loads Google through the loader on first use, once, and searches with it', async () => {
    const { createGeoServices } = await import('../../src/geo/geo-services.ts');
    const fake = fakeGoogle({ predictions: [{ placeId: 'p-1', text: 'Austin, TX, USA' }] });
    loader.importLibrary.mockImplementation((name: string) => Promise.resolve((fake.libraries as unknown as Record<string, unknown>)[name]));
    const geo = createGeoServices(clientConfig({ VITE_GOOGLE_MAPS_API_KEY: 'test-key' }));
    expect(loader.importLibrary).not.toHaveBeenCalled();
    await expect(geo.suggest('Aus')).resolves.toEqual([{ id: 'p-1', label: 'Austin, TX, USA' }]);
    await geo.suggest('Aust');
    expect(loader.setOptions).toHaveBeenCalledTimes(1);
    expect(loader.setOptions).toHaveBeenCalledWith({ key: 'test-key', v: 'weekly' });
    expect(loader.importLibrary.mock.calls.map(([name]) => name as string).sort()).toEqual(['geocoding', 'places']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches the services' code as a widget that uses them is shown, so the first search does not wait for it", async () => {
    const imported = vi.fn();
    vi.resetModules();
    vi.doMock('../../src/geo/offline-geo.ts', () => {
      imported();
      return { offlineGeo };
    });
    try {
      const { createGeoServices } = await import('../../src/geo/geo-services.ts');
      const { GeoContext: Context, useGeo: use } = await import('../../widgets/shared/geo.ts');
      const geo = createGeoServices(clientConfig({}));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(imported, 'not before a widget asks').not.toHaveBeenCalled();
      const Widget = () => (use(), null);
      const shown = render(createElement(Context.Provider, { value: geo }, createElement(Widget)));
      await vi.waitFor(() => expect(imported).toHaveBeenCalledTimes(1));
      expect(fetchMock, 'no search made').not.toHaveBeenCalled();
      shown.unmount();
    } finally {
      vi.doUnmock('../../src/geo/offline-geo.ts');
      vi.resetModules();
    }
  });
});
