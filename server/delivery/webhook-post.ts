// One webhook request: POST of the body to the sponsor's URL, connected to the address the SSRF guard checked, within
// a deadline for the whole answer's head. Redirects are not followed (3xx is a failure, as Standard Webhooks says).
// Connections are kept alive, in one pool per origin and checked address, so a lead's webhook costs a request, not a
// connection, and a pooled connection always goes to the address checked for the request that takes it.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './address-guard.ts';

export interface WebhookAnswer {
  /** The HTTP status; undefined when none came (timeout, refused connection). */
  status?: number;
  /** The Retry-After header, as sent. */
  retryAfter?: string;
  error?: string;
}

/** A lookup that answers the checked address, whatever the host: the request cannot reach another one. */
const fixedLookup = ({ address, family }: Target): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;

const pools = new Map<string, http.Agent>();

function poolFor(url: URL, target: Target): http.Agent {
  const key = `${url.origin} ${target.address}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new (url.protocol === 'https:' ? https.Agent : http.Agent)({ keepAlive: true });
    pools.set(key, pool);
  }
  return pool;
}

export function postWebhook(url: URL, target: Target, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookAnswer> {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: fixedLookup(target),
      agent: poolFor(url, target),
    });
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('response', (response) => {
      clearTimeout(deadline);
      const retryAfter = response.headers['retry-after'];
      // The status is the answer: the body is read and dropped, so the connection can take the next request.
      response.resume();
      resolve({ status: response.statusCode, ...(retryAfter === undefined ? {} : { retryAfter }) });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      resolve({ error: error.code ? `${error.code}: ${error.message}` : error.message });
    });
    request.end(body);
  });
}
