// The protections every response gets: security headers (CSP and friends), CORS for configured origins, per-address
// request limits that hold across the server's processes.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { countRequest } from './limits/limit-events.ts';
import { ipKey, REQUEST_WINDOW_MS, subject, type Policies } from './limits/policies.ts';
import { refusedBy } from './request-log.ts';
import { PAGE_LOADER } from './page-code.ts';
import { PROBE_ROUTES } from './routes/health.ts';

/** Powerful features nobody needs here are off; WebOTP (SMS code fill-in) and geolocation stay with the app's own origin. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'geolocation=(self)',
  'otp-credentials=(self)',
].join(', ');

/**
 * Google's hosts for place search and reverse geocoding (GOOGLE_MAPS=on): the loader and its modules (scripts), the
 * Places and Geocoding requests, and the attribution images. No map is drawn by Google, so none of its tiles or fonts.
 */
export const GOOGLE_MAPS_SOURCES = {
  'script-src': ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  'connect-src': ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  'img-src': ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
} as const;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

type CspConfig = Pick<Config, 'frameAncestors' | 'mapTileOrigins' | 'googleMaps'>;

/**
 * The Content-Security-Policy directives: the built app is plain Vite output, with no inline script but the loader of
 * its code (server/page-code.ts), allowed by its hash, and no inline style but what a page allows by its hashes
 * (allowPageStyles).
 */
export function cspDirectives(config: CspConfig): Record<string, string[]> {
  const google = (directive: keyof typeof GOOGLE_MAPS_SOURCES) => (config.googleMaps ? GOOGLE_MAPS_SOURCES[directive] : []);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': config.frameAncestors,
    'form-action': ["'self'"],
    'script-src': ["'self'", sha256(PAGE_LOADER), ...google('script-src')],
    'script-src-attr': ["'none'"],
    // React sets inline styles (the progress bar's width) through the CSSOM, which style-src does not govern; a page
    // drawn on the server allows its own by their hashes (allowPageStyles).
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...config.mapTileOrigins, ...google('img-src')],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...google('connect-src')],
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * A CSP that lets a page drawn on the server show its own inline styles, and no other: its <style> elements (the build
 * inlines the app's stylesheets, scripts/prerender.ts) and the style attributes React wrote (the progress bar's), each
 * allowed by the hash of its text (attributes: 'unsafe-hashes', which allows those exact texts only).
 */
export function allowPageStyles(csp: string, html: string): string {
  const elements = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map(([, css]) => css as string);
  const attributes = [...html.matchAll(/<[a-z][^>]*?\sstyle="([^"]*)"/g)].map(([, value]) =>
    (value as string).replace(/&(amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e] ?? e),
  );
  if (elements.length + attributes.length === 0) return csp;
  const sources = [...(attributes.length ? ["'unsafe-hashes'"] : []), ...new Set([...elements, ...attributes].map(sha256))];
  return csp.replace(/(^|;)style-src ([^;]*)/, (_match, start: string, own: string) => `${start}style-src ${own} ${sources.join(' ')}`);
}

/** Sets the security headers on a response. Fastify runs no hook for a malformed URL, so its answer calls this directly. */
export type SetSecurityHeaders = (req: IncomingMessage, res: ServerResponse) => void;

/** The page made to be framed by partners: the spec's embed route, /accidents-near-me/embed, and no other. */
export const isEmbedPath = (url: string) => /^\/accidents-near-me\/embed\/?$/.test(url.split('?')[0] ?? '');

/**
 * FRAME_ANCESTORS governs the embeds only: every other page and the API may be framed by the site itself (or by no
 * one, with 'none'), so a partner allowed to frame the embed cannot frame the funnels or a report around its own page.
 */
export function securityHeaders(config: CspConfig): SetSecurityHeaders {
  const siteOnly = config.frameAncestors[0] === "'none'" ? ["'none'"] : ["'self'"];
  const embed = helmetFor(config, config.frameAncestors);
  const site = helmetFor(config, siteOnly);
  return (req, res) => {
    (isEmbedPath(req.url ?? '') ? embed : site)(req, res, () => undefined);
    res.setHeader('permissions-policy', PERMISSIONS_POLICY);
  };
}

function helmetFor(config: CspConfig, framedBy: string[]) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...cspDirectives(config), 'frame-ancestors': framedBy } },
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Old browsers without frame-ancestors get the nearest X-Frame-Options; partners' frames need it absent.
    xFrameOptions: framedBy.length === 1 && framedBy[0] === "'self'" ? { action: 'sameorigin' } : framedBy[0] === "'none'" ? { action: 'deny' } : false,
  });
}

/** Thrown when a client is over its rate limit; the error handler answers 429 { error: 'rate_limited', retryAfter }. */
export class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfter: number) {
    super('rate limited');
    this.name = 'RateLimitedError';
  }
}

/** The API lives under /api; everything else is the web app (files and pages). */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/** Registers the headers (first, so every answer has them, errors included) and CORS; call before any route. */
export async function registerSecurity(app: FastifyInstance, config: Config, setHeaders: SetSecurityHeaders): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw);
    done();
  });

  const allowed = new Set(config.corsOrigins);
  await app.register(fastifyCors, {
    // false: no CORS headers at all, so other origins' pages cannot read answers (nor send credentials).
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    exposedHeaders: ['retry-after'],
    maxAge: 600,
  });
}

/** How long requests counted ahead stay this process's to let through (a page and its files come within it). */
export const LEASE_MS = 1_000;

/**
 * The most requests counted ahead at once: a 50th of the window's max, so a lease left unused wastes little of it, and
 * 100 at most (one statement's rows; a statement per 100 requests costs nothing to speak of).
 */
const leaseCap = (max: number) => Math.min(100, Math.max(1, Math.floor(max / 50)));

/** An address's requests this process counted ahead (or its refusal), until `until`. */
interface Lease {
  /** Requests counted ahead and not yet let through. */
  left: number;
  /** How many this lease counted: the next one counts twice as many when this one was used up in time. */
  size: number;
  until: number;
  /** The address's requests in the window, as last counted plus those let through since. */
  current: number;
  /** When a place frees in the window (the clock's ms). */
  resetAt: number;
  refused: boolean;
}

/**
 * The per-address request limits (policies apiRequests and webRequests), counted in limit_events as every limit is, so
 * they hold across the processes sharing the database. A hook rather than route options, so unknown paths, the SPA
 * fallback and the app's files count too (a flood of /assets/ requests is held like any other); registered after CORS,
 * so a partner's page can read its 429 (and allowed preflights, answered by CORS at once, are not counted), and after
 * load shedding, so a refused request never waits on the database.
 *
 * Not a statement per request (3 to 5 ms each on PGlite's one connection, which leads share): an address's requests
 * are counted ahead in leases of 1, 2, 4... up to leaseCap (a lease used up within LEASE_MS doubles the next), recorded
 * before they are let through and never past max, so the limit holds exactly across processes; a lease's unused
 * requests count until the window passes (at most leaseCap - 1 of them a process a second). A refused address is
 * refused by this process until a place frees, without a statement: a flood from one address cannot fill the queue
 * other visitors' statements wait in.
 */
export function registerRequestLimits(app: FastifyInstance, db: Db, policies: Pick<Policies, 'apiRequests' | 'webRequests'>, clock: () => number): void {
  const leases = new Map<string, Lease>();
  // Leases past their time are dropped once a window, so an address seen once is not kept.
  const sweeper = setInterval(() => {
    const now = clock();
    for (const [key, lease] of leases) if (lease.until <= now) leases.delete(key);
  }, REQUEST_WINDOW_MS).unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    // A load balancer's probes come every few seconds from a few addresses: never refused, never a statement.
    if (PROBE_ROUTES.has(request.routeOptions.url ?? '')) return;
    // The matched route as well as the path, so an oddly spelled path cannot pick the other budget.
    const api = isApiPath(request.url) || isApiPath(request.routeOptions.url ?? '');
    const policy = api ? 'apiRequests' : 'webRequests';
    const [window] = policies[policy];
    if (!window) return; // a policy the limits' changes dropped
    const key = subject(policy, ipKey(request.ip));
    const now = clock();
    let lease = leases.get(key);
    if (lease && now < lease.until && (lease.refused || lease.left > 0)) {
      if (!lease.refused) {
        lease.left--;
        lease.current++;
      }
    } else {
      const size = lease && !lease.refused && now < lease.until ? Math.min(leaseCap(window.max), lease.size * 2) : 1;
      let counted;
      try {
        counted = await countRequest(db, key, window, now, size);
      } catch {
        // Should the database fail, pages and files are still served (the API's routes fail on their own).
        return;
      }
      const refused = counted.current > window.max;
      const granted = Math.min(size, window.max - counted.current + 1);
      const resetAt = now + counted.ttl;
      lease = { left: refused ? 0 : granted - 1, size, until: refused ? resetAt : now + LEASE_MS, current: counted.current, resetAt, refused };
      leases.set(key, lease);
    }
    const reset = Math.max(1, Math.ceil((lease.resetAt - now) / 1000));
    void reply
      .header('x-ratelimit-limit', window.max)
      .header('x-ratelimit-remaining', Math.max(0, window.max - lease.current))
      .header('x-ratelimit-reset', reset);
    if (lease.refused) {
      refusedBy.set(request, api ? 'api' : 'web');
      void reply.header('retry-after', reset);
      throw new RateLimitedError(reset);
    }
  });
}
