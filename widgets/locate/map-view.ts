// Where the accident map starts (the state in the page path, a city typed earlier, a view the flow gives, else the
// whole US), where a place found by its search shows it, and the numbers of the pin (§2.1, §2.7, §9).
import type { GeoServices, Place, Point } from '../shared/geo.ts';
import stateViews from './state-views.json' with { type: 'json' };

export interface MapView {
  center: Point;
  zoom: number;
}

/** Circle around the pin: about 10 miles (§9). */
export const DEFAULT_RADIUS_M = 16093;
/** Zoom after a pin is dropped (§9). */
export const PIN_ZOOM = 9;
/** The map is created this long after the map form appears (§2.7), so the form settles first. */
export const MAP_DELAY_MS = 300;

/** The whole contiguous US (§9: default zoom 4). */
export const US_VIEW: MapView = { center: { lat: 39.5, lng: -98.35 }, zoom: 4 };

/**
 * States with their own funnel paths (/tx/…): a centre and a zoom that shows the state (New York City at zoom 10, §9).
 * Data of its own, as the server names the pages under these prefixes too (server/pages.ts).
 */
export const STATE_VIEWS: Record<string, MapView> = stateViews;

/** The state a page path names in its first segment (/tx/find-report: tx), if it is one with a view. */
export function stateOfPath(pathname: string): string | undefined {
  const first =
    pathname
      .split('/')
      .find((segment) => segment !== '')
      ?.toLowerCase() ?? '';
  return STATE_VIEWS[first] ? first : undefined;
}

/** The starting view for a page path: its first segment names a state (/tx/find-report), else the whole US. */
export function viewForPath(pathname: string): MapView {
  const state = stateOfPath(pathname);
  return (state && STATE_VIEWS[state]) || US_VIEW;
}

/** A city or ZIP code found by the map's search (or typed earlier): close enough to see its streets and drop a pin. */
export const CITY_ZOOM = 13;
/** A street address found by the map's search (with a geocoding key). */
export const ADDRESS_ZOOM = 16;
/** The browser's location: a few streets around the person. */
export const LOCATION_ZOOM = 15;
/** A state found by the search that has no view of its own. */
const REGION_ZOOM = 6;

/**
 * Where the map shows a place: a state's own view (or its point at REGION_ZOOM), an address (it starts with a house
 * number) at ADDRESS_ZOOM, a city or ZIP code at CITY_ZOOM; null for a place without a point.
 */
export function viewForPlace(place: Place): MapView | null {
  if (place.lat === undefined || place.lng === undefined) return null;
  const center = { lat: place.lat, lng: place.lng };
  if (!place.city) return STATE_VIEWS[place.state.toLowerCase()] ?? { center, zoom: REGION_ZOOM };
  return { center, zoom: /^\d/.test(place.address) ? ADDRESS_ZOOM : CITY_ZOOM };
}

/** A view a flow gives the map (the block's props `center` and `zoom`): the US centre or zoom 4 for what it leaves out. */
export interface GivenView {
  center?: Point;
  zoom?: number;
}

/**
 * Where the map opens (§2.1) when it has no pin yet: the state the page path names (/tx/…), but the city typed earlier
 * in the funnel (a place with a point, as the VIN and case ID forms keep it) when it lies in that state or the path
 * names none; else the view the flow gives; else the whole contiguous US.
 */
export function startView(pathname: string, typed: Place | null, given: GivenView = {}): MapView {
  const state = stateOfPath(pathname);
  const city = typed?.city && (!state || typed.state.toLowerCase() === state) ? viewForPlace(typed) : null;
  if (city) return city;
  if (state && STATE_VIEWS[state]) return STATE_VIEWS[state];
  if (given.center || given.zoom !== undefined) return { center: given.center ?? US_VIEW.center, zoom: given.zoom ?? US_VIEW.zoom };
  return US_VIEW;
}

/**
 * A point as stored in the answers: plain {lat, lng}, rounded to about 10 cm, the longitude brought within ±180 as
 * Leaflet's latlng.wrap() does (a click on a repeated copy of the world gives, say, 262 for -98).
 */
export function toPoint({ lat, lng }: Point): Point {
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const wrapped = lng === 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat: round(lat), lng: round(wrapped) };
}

/** What the map chunk is given; the same contract for Leaflet and for the test double. */
export interface MapCanvasProps {
  /** Where the map looks; a new object recentres it. */
  view: MapView;
  pin: Point | null;
  radius: number;
  tiles: GeoServices['tiles'];
  /** Accessible name of the map. */
  label: string;
  /** Accessible name of the pin. */
  pinLabel: string;
  /** ids of the instructions and error under the map. */
  describedBy: string;
  /** A click or tap, or Enter or Space on the focused map for its centre (recentre), or the end of a drag of the pin (no recentre). */
  onPick: (point: Point, recentre: boolean) => void;
  /** The map's centre after every pan or zoom (for the "pin at the centre" button). */
  onMove: (center: Point) => void;
}
