// Parsers for the list-shaped environment variables (origins, CSP sources, proxies): each returns the value or the reason it is bad.
import { isIP } from 'node:net';
import { isSupportedCountry } from 'libphonenumber-js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Items separated by commas and/or whitespace. */
export function listOf(raw: string): string[] {
  return raw.split(/[\s,]+/).filter((item) => item !== '');
}

const HOST_LABELS = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * An http(s) origin such as https://partner.example.com or http://localhost:5173, returned in its canonical form;
 * wildcard allows a leading `*.` in the host (CSP sources only).
 */
export function originOf(raw: string, { wildcard = false } = {}): string | undefined {
  const m = /^(https?):\/\/([^/:?#@]+)(?::(\d{1,5}))?\/?$/i.exec(raw);
  if (!m) return undefined;
  const [, scheme = '', rawHost = '', port] = m;
  const host = rawHost.toLowerCase();
  if (!wildcard && host.startsWith('*.')) return undefined;
  // IPv4 literals pass the label pattern too; URL then checks the port range and drops default ports.
  if (!HOST_LABELS.test(host)) return undefined;
  const star = host.startsWith('*.');
  try {
    const url = new URL(`${scheme.toLowerCase()}://${star ? host.slice(2) : host}${port ? `:${port}` : ''}`);
    return star ? url.origin.replace('://', '://*.') : url.origin;
  } catch {
    return undefined;
  }
}

/** CORS_ORIGINS: exact origins whose pages may call the API with credentials. */
export function parseCorsOrigins(raw: string): Parsed<string[]> {
  const items = listOf(raw);
  const bad = items.filter((item) => originOf(item) === undefined);
  if (bad.length > 0) {
    return { ok: false, problem: `CORS_ORIGINS must list origins such as https://partner.example.com, comma-separated (bad: ${quoted(bad)})` };
  }
  return { ok: true, value: unique(items.map((item) => originOf(item) ?? item)) };
}

/** FRAME_ANCESTORS: who may put the app in a frame; 'self', 'none' (alone) or origins, `*.` wildcards allowed. */
export function parseFrameAncestors(raw: string): Parsed<string[]> {
  const sources: string[] = [];
  const bad: string[] = [];
  for (const item of listOf(raw)) {
    const keyword = /^'?(self|none)'?$/i.exec(item)?.[1]?.toLowerCase();
    const source = keyword ? `'${keyword}'` : originOf(item, { wildcard: true });
    if (source) sources.push(source);
    else bad.push(item);
  }
  if (bad.length > 0) {
    return { ok: false, problem: `FRAME_ANCESTORS must list 'self', 'none' or origins such as https://partner.example.com (bad: ${quoted(bad)})` };
  }
  if (sources.includes("'none'") && sources.length > 1) return { ok: false, problem: "FRAME_ANCESTORS: 'none' cannot be combined with other sources" };
  return { ok: true, value: unique(sources) };
}

/** MAP_TILE_ORIGINS: origins the map's tile images come from (CSP img-src), `*.` wildcards allowed. */
export function parseTileOrigins(raw: string): Parsed<string[]> {
  const items = listOf(raw);
  const bad = items.filter((item) => originOf(item, { wildcard: true }) === undefined);
  if (bad.length > 0) {
    return { ok: false, problem: `MAP_TILE_ORIGINS must list origins such as https://tile.openstreetmap.org (bad: ${quoted(bad)})` };
  }
  return { ok: true, value: unique(items.map((item) => originOf(item, { wildcard: true }) ?? item)) };
}

/** PUBLIC_URL: the site's http(s) origin as people reach it, e.g. https://claims.example.com (no path). */
export function parsePublicUrl(raw: string): Parsed<string> {
  const origin = originOf(raw);
  if (origin === undefined) return { ok: false, problem: `PUBLIC_URL must be an http(s) origin such as https://claims.example.com, without a path (got "${raw}")` };
  return { ok: true, value: origin };
}

/** BUSINESS_SIGNUP_URL: an absolute http(s) URL (the business service's sign-up page; a path and query are allowed). */
export function parseSignupUrl(raw: string): Parsed<string> {
  const url = /^https?:\/\/\S+$/i.test(raw) && URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || originOf(url.origin) === undefined) {
    return { ok: false, problem: `BUSINESS_SIGNUP_URL must be an http(s) URL such as https://business.example.com/signup (got "${raw}")` };
  }
  return { ok: true, value: url.href };
}

/** ALERT_COUNTRIES: ISO 3166 alpha-2 codes (US, CA, ...) of the phones alerts may text, comma-separated. */
export function parseCountries(raw: string): Parsed<string[]> {
  const items = listOf(raw).map((item) => item.toUpperCase());
  const bad = items.filter((item) => !isSupportedCountry(item));
  if (bad.length > 0 || items.length === 0) {
    return { ok: false, problem: `ALERT_COUNTRIES must list two-letter country codes such as US,CA (bad: ${quoted(bad)})` };
  }
  return { ok: true, value: unique(items) };
}

/** Names proxy-addr knows for address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY, Fastify's trustProxy: false (default), true (any hop: only behind a proxy that overwrites
 * X-Forwarded-For), a number of hops, or addresses/CIDRs/range names of the proxies.
 */
export function parseTrustProxy(raw: string): Parsed<boolean | number | string> {
  if (/^(true|false)$/i.test(raw)) return { ok: true, value: raw.toLowerCase() === 'true' };
  if (/^\d{1,2}$/.test(raw)) return { ok: true, value: Number(raw) };
  const items = listOf(raw);
  const bad = items.filter((item) => {
    if (PROXY_RANGES.includes(item)) return false;
    const [address = '', prefix, extra] = item.split('/');
    const version = isIP(address);
    if (version === 0 || extra !== undefined) return true;
    return prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
  });
  if (bad.length > 0 || items.length === 0) {
    return { ok: false, problem: `TRUST_PROXY must be true, false, a number of hops, or proxy addresses/CIDRs (bad: ${quoted(bad)})` };
  }
  return { ok: true, value: items.join(',') };
}

/** A report feed's key: long enough not to be guessed, and writable in a header and a comma-separated list. */
const INGEST_KEY = /^[A-Za-z0-9._~+/=-]{32,256}$/;

/** REPORT_INGEST_KEYS: the feeds' bearer keys, comma-separated; a bad one is named by its place, never echoed (a secret). */
export function parseIngestKeys(raw: string): Parsed<string[]> {
  const items = listOf(raw);
  const bad = items.flatMap((item, i) => (INGEST_KEY.test(item) ? [] : [`key ${i + 1}`]));
  if (bad.length > 0) {
    return { ok: false, problem: `REPORT_INGEST_KEYS must list keys of 32 to 256 letters, digits or ._~+/=- , comma-separated (bad: ${bad.join(', ')})` };
  }
  return { ok: true, value: unique(items) };
}

function quoted(items: string[]): string {
  return items.map((item) => `"${item}"`).join(', ');
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
