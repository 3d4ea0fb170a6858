// One webhook request: POST of the body to the sponsor's URL, connected to the address the SSRF guard checked, within
// a deadline for the whole answer's head. Redirects are not followed (3xx is a failure, as Standard Webhooks says).
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

export function postWebhook(url: URL, target: Target, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookAnswer> {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: fixedLookup(target),
      // A connection of its own: a pooled one could have been opened to an address resolved before.
      agent: false,
    });
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('response', (response) => {
      clearTimeout(deadline);
      const retryAfter = response.headers['retry-after'];
      // The body is not read: the status is the answer.
      response.destroy();
      resolve({ status: response.statusCode, ...(retryAfter === undefined ? {} : { retryAfter }) });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      resolve({ error: error.code ? `${error.code}: ${error.message}` : error.message });
    });
    request.end(body);
  });
}
