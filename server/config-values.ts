// Readers of the environment's values that a pattern cannot check: each gives a value in its canonical form, or
// undefined when it is bad. The schema names them in its `parse` keyword (config-schema.ts).
import { isIP } from 'node:net';
import { isSupportedCountry } from 'libphonenumber-js';
import { STATE_ZONES } from './call-times/state-zones.ts';
import { ed25519PrivateKeyPem, ed25519PublicKeyOf } from './certificates/key-text.ts';
import { e164FromTyped } from './phone.ts';

const HOST_LABELS = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * An http(s) origin such as https://partner.example.com or http://localhost:5173, returned in its canonical form;
 * wildcard allows a leading `*.` in the host (CSP sources only).
 */
function originOf(raw: string, { wildcard = false } = {}): string | undefined {
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

/** Names proxy-addr knows for address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** A proxy's address or CIDR, or a range name. */
function isProxy(item: string): boolean {
  if (PROXY_RANGES.includes(item)) return true;
  const [address = '', prefix, extra] = item.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

export const READERS = {
  origin: (raw: string) => originOf(raw),
  /** A CSP source: an origin whose host may start with `*.`. */
  sourceOrigin: (raw: string) => originOf(raw, { wildcard: true }),
  /** A frame-ancestors source: 'self' or 'none' (quotes optional), or a CSP source. */
  frameSource: (raw: string) => {
    const keyword = /^'?(self|none)'?$/i.exec(raw)?.[1]?.toLowerCase();
    return keyword ? `'${keyword}'` : originOf(raw, { wildcard: true });
  },
  /** An absolute http(s) URL; a path and query are allowed. */
  httpUrl: (raw: string) => {
    const url = /^https?:\/\/\S+$/i.test(raw) && URL.canParse(raw) ? new URL(raw) : undefined;
    return url && originOf(url.origin) !== undefined ? url.href : undefined;
  },
  /** An API's address, without a query or a trailing slash. */
  apiBase: (raw: string) => (/^https?:\/\/[^\s?#]+$/i.test(raw) && URL.canParse(raw) ? raw.replace(/\/+$/, '') : undefined),
  /** A phone number typed with its country code, in E.164. */
  phone: (raw: string) => (raw.startsWith('+') ? e164FromTyped(raw) : undefined),
  /** A US state's or territory's two-letter code, in capitals. */
  usState: (raw: string) => (raw.toUpperCase() in STATE_ZONES ? raw.toUpperCase() : undefined),
  /** An ISO 3166 alpha-2 code, in capitals. */
  country: (raw: string) => (isSupportedCountry(raw.toUpperCase()) ? raw.toUpperCase() : undefined),
  /** An Ed25519 private key (PKCS#8 PEM, literal \n allowed, or base64 DER), as PKCS#8 PEM. */
  ed25519PrivateKey: (raw: string) => ed25519PrivateKeyPem(raw),
  /** A previous certificate key: keyId:x, x the 32 bytes of an Ed25519 public key in base64url. */
  publishedKey: (raw: string) => (/^[A-Za-z0-9._-]{1,64}:[A-Za-z0-9_-]{43}$/.test(raw) && ed25519PublicKeyOf(raw.split(':')[1] ?? '') ? raw : undefined),
  /**
   * Fastify's trustProxy: true (any hop: only behind a proxy that overwrites X-Forwarded-For), false, a number of
   * hops, or addresses/CIDRs/range names of the proxies (comma-separated).
   */
  trustProxy: (raw: string): boolean | number | string | undefined => {
    if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
    if (/^\d{1,2}$/.test(raw)) return Number(raw);
    const items = raw.split(/[\s,]+/).filter((item) => item !== '');
    return items.length > 0 && items.every(isProxy) ? items.join(',') : undefined;
  },
};

export type ReaderName = keyof typeof READERS;
