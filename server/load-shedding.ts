// Load shedding (issue 32): past what the server can answer in time, a request is refused at once (503 with Retry-After,
// `{ error: "overloaded", retryAfter }`) rather than answered seconds late together with every other. The signals are the
// event loop's mean delay (@fastify/under-pressure, sampled every SAMPLE_MS) and the database's waiting queue, read per
// request. The optional, expensive routes (the PDF, the search, analytics events) are refused first, past lower figures,
// so the lead and one-time-code routes keep their latency while those are shed; past the higher ones, every route is.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';

/** The routes shed first (Fastify's route URLs): a visitor can do without them for a while, or try again. */
export const OPTIONAL_ROUTES: ReadonlySet<string> = new Set(['/pdf/:id', '/api/reports/search', '/api/events', '/api/analytics/funnel']);

/** How often the event loop's delay is sampled (under-pressure's default, 1 s, reacts too late to a burst). */
const SAMPLE_MS = 250;

/** The answer of a request refused for load: 503, Retry-After and the API's error body. */
export function overloaded(reply: FastifyReply, retryAfter: number): FastifyReply {
  return reply.code(503).header('retry-after', String(retryAfter)).send({ error: 'overloaded', retryAfter });
}

/** Registers the shedding hooks on every route; call before the routes, after the security headers and CORS. */
export async function registerLoadShedding(app: FastifyInstance, { shedding }: Config, db: Db): Promise<void> {
  const retryAfter = shedding.retryAfterSeconds;
  // Every route, past the higher event loop delay (0: under-pressure does not look). Its delay is Infinity for a sample
  // without a tick of the loop: blocked throughout.
  await app.register(underPressure, {
    maxEventLoopDelay: shedding.eventLoopDelayMs,
    sampleInterval: SAMPLE_MS,
    // Answered here; the hooks after it and the route see the reply sent and stop.
    pressureHandler: (_request, reply) => {
      void overloaded(reply, retryAfter);
    },
  });
  const waiting = () => db.waiting?.() ?? 0;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const dbWaiting = waiting();
    const optional = OPTIONAL_ROUTES.has(request.routeOptions.url ?? '');
    const busy = optional
      ? dbWaiting > shedding.optionalDbWaiting || (shedding.optionalEventLoopDelayMs > 0 && app.memoryUsage().eventLoopDelay > shedding.optionalEventLoopDelayMs)
      : dbWaiting > shedding.dbWaiting;
    if (busy) return overloaded(reply, retryAfter);
  });
}
