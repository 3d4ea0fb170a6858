// The app's place services: Google when VITE_GOOGLE_MAPS_API_KEY is set (its code and loader fetched on first use),
// else the API's offline US gazetteer; map tiles from VITE_MAP_TILE_URL / VITE_MAP_TILE_ATTRIBUTION.
import { GeoError, type GeoServices } from '../../widgets/shared/geo.ts';
import { clientConfig, type ClientConfig } from '../config.ts';
import { offlineGeo } from './offline-geo.ts';

/** Google's services, imported when first needed, so the loader is in no chunk the page loads up front. */
function lazyGoogleGeo(key: string, tiles: GeoServices['tiles']): GeoServices {
  let loading: Promise<GeoServices> | undefined;
  const google = () =>
    (loading ??= import('./google-geo.ts').then(
      (m) => m.googleGeoWithKey(key, tiles),
      (error: unknown) => {
        loading = undefined;
        console.warn('the Google place services could not be loaded', error);
        throw new GeoError('NETWORK');
      },
    ));
  return {
    tiles,
    findsAddresses: true,
    suggest: async (text, signal, scope) => (await google()).suggest(text, signal, scope),
    resolve: async (suggestion) => (await google()).resolve(suggestion),
    reverse: async (point) => (await google()).reverse(point),
  };
}

export function createGeoServices(config: ClientConfig = clientConfig()): GeoServices {
  return config.googleMapsKey ? lazyGoogleGeo(config.googleMapsKey, config.tiles) : offlineGeo(config.tiles);
}

/** The one instance the funnels share (its suggestion and session state lives as long as the page). */
export const geoServices = createGeoServices();
