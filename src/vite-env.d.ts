// The build-time settings the web app reads from Vite (VITE_* variables, fixed when the app is built); see src/config.ts.
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A Google Maps JavaScript API key: place search and reverse geocoding by Google instead of the API's gazetteer. */
  readonly VITE_GOOGLE_MAPS_API_KEY?: string;
  /** Leaflet tile URL template for the map. */
  readonly VITE_MAP_TILE_URL?: string;
  /** The tiles' attribution (HTML). */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

/** Every funnel with a loader of its flow, expanded from flows/ (scripts/flow-modules.ts). */
declare module 'virtual:flows' {
  const flows: {
    id: string;
    namespace: string;
    routes: string[];
    site?: import('../engine/types.ts').SitePlace;
    load: () => Promise<import('../engine/types.ts').Flow>;
  }[];
  export default flows;
}

/** The widgets each flow's first step shows, by flow id (scripts/flow-modules.ts). */
declare module 'virtual:first-widgets' {
  const widgets: Record<string, string[]>;
  export default widgets;
}
