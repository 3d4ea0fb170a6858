// The time zone a visitor is called in: their ZIP's (geo-tz at the ZIP's point), else their state's, else the zone
// their browser reports when it keeps a US zone's time; Pacific time when none is known.
import { find } from 'geo-tz';
import { STATE_ZONES } from './state-zones.ts';
import { canonicalZone, offsetAt } from './zoned-day.ts';

/**
 * The last resort, for a caller that sends neither a place nor a zone (the app always sends its zone): 9am to 5pm
 * Pacific is noon to 8pm Eastern, inside the consent's 8am to 9pm in every contiguous state.
 */
export const FALLBACK_ZONE = 'America/Los_Angeles';

export interface VisitorPlace {
  zip?: string | null;
  state?: string | null;
  /** The browser's IANA zone (the app sends it in the Time-Zone header). */
  browserZone?: string | null;
}

const US_ZONES = [...new Set(Object.values(STATE_ZONES).flat())];

/** The point and state of a US ZIP code, from the zipcodes package (loaded on first use). */
async function zipPoint(zip: string): Promise<{ latitude: number; longitude: number; state: string } | undefined> {
  const { lookup } = await import('zipcodes');
  const code = lookup(zip);
  return code && code.country === 'US' && !(code.latitude === 0 && code.longitude === 0) ? code : undefined;
}

/** The state (two-letter code) of a US ZIP code (its first five digits), if the zipcodes package knows it. */
export async function zipState(zip: string): Promise<string | undefined> {
  const five = zip.slice(0, 5);
  return /^\d{5}$/.test(five) ? (await zipPoint(five))?.state || undefined : undefined;
}

/** The zone of a ZIP's point by the name browsers give it, unless it is open sea (geo-tz answers Etc/GMT±n there). */
async function zipZone(zip: string): Promise<string | undefined> {
  const point = await zipPoint(zip);
  const zone = point && find(point.latitude, point.longitude)[0];
  return zone === undefined || zone.startsWith('Etc/') ? undefined : canonicalZone(zone);
}

/**
 * Whether zone keeps, at the instant `at`, the time of a zone US ZIPs lie in: a browser on UTC (privacy browsers
 * report it) or abroad in Europe is not the person's US time; an alias (US/Eastern, America/St_Thomas) is.
 */
const keepsUsTime = (zone: string, at: number) => US_ZONES.some((us) => offsetAt(at, us) === offsetAt(at, zone));

/**
 * The visitor's zone at the instant `at` (ms): the ZIP's; else the state's most common zone, or the browser's when the
 * state has that one too (El Paso is in Texas but on Mountain time); else the browser's, when it keeps US time; else
 * FALLBACK_ZONE.
 */
export async function visitorZone({ zip, state, browserZone }: VisitorPlace, at: number): Promise<string> {
  const browser = browserZone ? canonicalZone(browserZone) : undefined;
  const five = zip?.slice(0, 5);
  const byZip = five && /^\d{5}$/.test(five) ? await zipZone(five) : undefined;
  if (byZip) return byZip;
  const zones = state ? STATE_ZONES[state.toUpperCase()] : undefined;
  if (zones?.[0]) return browser && zones.includes(browser) ? browser : zones[0];
  return browser && keepsUsTime(browser, at) ? browser : FALLBACK_ZONE;
}
