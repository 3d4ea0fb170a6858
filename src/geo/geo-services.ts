// The app's place services: Google when VITE_GOOGLE_MAPS_API_KEY is set, else the API's offline US gazetteer, either's
// code imported when first used, so it is in no chunk a page loads up front (a funnel's first screen searches no
// place); map tiles from VITE_MAP_TILE_URL / VITE_MAP_TILE_ATTRIBUTION.
import { GeoError, type GeoServices } from '../../widgets/shared/geo.ts';
import { clientConfig, type ClientConfig } from '../config.ts';

/** Services whose code `load` imports on first use or when warmed, once (again after a failure). */
function lazyGeo(load: () => Promise<GeoServices>, tiles: GeoServices['tiles'], findsAddresses: boolean): GeoServices {
  let loading: Promise<GeoServices> | undefined;
  const geo = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      console.warn('the place services could not be loaded', error);
      throw new GeoError('NETWORK');
    }));
  return {
    tiles,
    findsAddresses,
    suggest: async (text, signal, scope) => (await geo()).suggest(text, signal, scope),
    resolve: async (suggestion) => (await geo()).resolve(suggestion),
    reverse: async (point) => (await geo()).reverse(point),
    warm: () => void geo().catch(() => undefined),
  };
}

export function createGeoServices({ googleMapsKey: key, tiles }: ClientConfig = clientConfig()): GeoServices {
  return key
    ? lazyGeo(() => import('./google-geo.ts').then((m) => m.googleGeoWithKey(key, tiles)), tiles, true)
    : lazyGeo(() => import('./offline-geo.ts').then((m) => m.offlineGeo(tiles)), tiles, false);
}

/** The one instance the funnels share (its suggestion and session state lives as long as the page). */
export const geoServices = createGeoServices();
