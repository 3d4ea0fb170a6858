// The guard of the routes a configured bearer key opens (GET /api/analytics/funnel: ANALYTICS_KEYS; GET /metrics:
// METRICS_TOKEN): 401 with WWW-Authenticate: Bearer to a request without one of the keys.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerKeyOf } from '../reports/ingest-keys.ts';

const sha256 = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/** An onRequest hook letting through the holders of keys, before anything else; compared as hashes of equal length, in constant time. */
export function bearerKeyGuard(keys: readonly string[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const hashes = keys.map(sha256);
  return async (request, reply) => {
    const key = bearerKeyOf(request.headers.authorization);
    const hash = key === undefined ? undefined : sha256(key);
    let found = false;
    for (const k of hashes) found = (hash !== undefined && timingSafeEqual(k, hash)) || found;
    if (!found) await reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
  };
}
