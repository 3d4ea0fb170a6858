// The web app's build-time settings: Vite's VITE_* variables (fixed when the app is built), with their defaults.

/** OpenStreetMap's own tiles, without the retired a/b/c subdomains, so the server's default CSP img-src allows them. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface ClientEnv {
  VITE_GOOGLE_MAPS_API_KEY?: string;
  VITE_MAP_TILE_URL?: string;
  VITE_MAP_TILE_ATTRIBUTION?: string;
}

export interface ClientConfig {
  /** Google Maps JavaScript API key; without one, places come from the API's offline US gazetteer. */
  googleMapsKey: string | undefined;
  tiles: { url: string; attribution: string };
}

const setting = (raw: string | undefined) => (raw?.trim() ? raw.trim() : undefined);

export function clientConfig(env: ClientEnv = import.meta.env): ClientConfig {
  return {
    googleMapsKey: setting(env.VITE_GOOGLE_MAPS_API_KEY),
    tiles: {
      url: setting(env.VITE_MAP_TILE_URL) ?? DEFAULT_TILE_URL,
      attribution: setting(env.VITE_MAP_TILE_ATTRIBUTION) ?? DEFAULT_TILE_ATTRIBUTION,
    },
  };
}
