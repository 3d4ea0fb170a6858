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

/**
 * POSTs body to url at the checked address, kept alive in the pool. A kept-alive connection the receiver closed as it
 * was taken (it is closed on idle after a few seconds; Node's own servers after 5) fails before any answer: that
 * request goes again at once on a new connection, not after the schedule's next step (minutes, later on), which is
 * safe because the receiver de-duplicates on webhook-id.
 */
export async function postWebhook(url: URL, target: Target, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookAnswer> {
  const started = Date.now();
  const first = await postOnce(url, target, headers, body, timeoutMs, poolFor(url, target));
  if (!first.staleConnection) return first.answer;
  return (await postOnce(url, target, headers, body, Math.max(timeoutMs - (Date.now() - started), 1), false)).answer;
}

function postOnce(
  url: URL,
  target: Target,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  agent: http.Agent | false,
): Promise<{ answer: WebhookAnswer; staleConnection?: boolean }> {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: fixedLookup(target),
      agent,
    });
    let answered = false;
    // Given up only once this turn of the event loop has read what arrived: an answer that came in time but waited
    // behind our own work (a busy process) is taken, not counted as none.
    const deadline = setTimeout(() => setImmediate(() => answered || request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`))), timeoutMs);
    request.on('response', (response) => {
      answered = true;
      clearTimeout(deadline);
      const retryAfter = response.headers['retry-after'];
      // The status is the answer: the body is read and dropped, so the connection can take the next request.
      response.resume();
      resolve({ answer: { status: response.statusCode, ...(retryAfter === undefined ? {} : { retryAfter }) } });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      const staleConnection = request.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      resolve({ answer: { error: error.code ? `${error.code}: ${error.message}` : error.message }, staleConnection });
    });
    request.end(body);
  });
}
