// Load shedding (issue 32): past what the server can answer in time, a request is refused at once (503 with Retry-After,
// `{ error: "overloaded", retryAfter }`) rather than answered seconds late together with every other. The signals are the
// event loop's mean delay (@fastify/under-pressure, sampled every SAMPLE_MS) and the database's waiting queue, read per
// request; every route is refused past their higher figures. The optional, expensive routes (the PDF, the search,
// analytics events) are refused first, once the loop was busy more than a share of the last sample or past a shorter
// queue, so the lead and one-time-code routes keep their latency while those are shed. Not the delay for them: a PDF
// renders in a few milliseconds, so at 500 a second the loop's delay stays low while they take all of its time (the
// bench's leads waited 4 times as long with the delay at 20 ms as the signal).
import { performance } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { PROBE_ROUTES } from './routes/health.ts';

/** The routes shed first (Fastify's route URLs): a visitor can do without them for a while, or try again. */
export const OPTIONAL_ROUTES: ReadonlySet<string> = new Set(['/pdf/:id', '/api/reports/search', '/api/events', '/api/analytics/funnel']);

/** How often the event loop's delay is sampled (under-pressure's default, 1 s, reacts too late to a burst). */
const SAMPLE_MS = 250;

/**
 * How long after its start-up a server's loop is not judged (its delay and busy share): a cold process compiles its code
 * and plans its first statements while it answers its first visitors, busy without being loaded (a fresh server's
 * second search was refused for its busy share, and in a clean-clone run every route for the delay of its first). The
 * database's queue still sheds throughout, and the PDFs keep their own limit.
 */
export const WARM_UP_MS = 5_000;

/**
 * A load balancer's probe is never shed: a busy server that refused /readyz would be taken out of rotation, its load
 * moved onto the others, which then go busy in turn (every process out at once). Shedding refuses the requests it can
 * refuse one by one; /readyz reports what restarting or waiting would cure (docs/operations.md).
 */
const probe = (request: FastifyRequest) => PROBE_ROUTES.has(request.routeOptions.url ?? '');

/** The answer of a request refused for load: 503, Retry-After and the API's error body. */
export function overloaded(reply: FastifyReply, retryAfter: number): FastifyReply {
  return reply.code(503).header('retry-after', String(retryAfter)).send({ error: 'overloaded', retryAfter });
}

/**
 * Registers the shedding hooks on every route; call before the routes, after the security headers and CORS. starting:
 * the server's start-up work still under way (serve.ts: the job queue's start and first sweeps, on a fresh PGlite 1 to
 * 4 s of statements on the main thread); the loop's delay and busy share count once the server has warmed up after it
 * (WARM_UP_MS). Before, a fresh server refused its first requests for the load of its own start and of its first
 * answers; the database's queue counts throughout.
 */
export async function registerLoadShedding(app: FastifyInstance, { shedding }: Config, db: Db, starting?: Promise<unknown>): Promise<void> {
  const retryAfter = shedding.retryAfterSeconds;
  // performance.now() when the start-up work settled (-Infinity without any): the loop is judged once warmed up.
  let settled = starting ? Infinity : -Infinity;
  void starting?.finally(() => (settled = performance.now())).catch(() => {});
  const judging = () => performance.now() >= settled + WARM_UP_MS;
  // Every route, past the higher event loop delay (0: under-pressure does not look). Its delay is Infinity for a sample
  // without a tick of the loop: blocked throughout.
  await app.register(underPressure, {
    maxEventLoopDelay: shedding.eventLoopDelayMs,
    sampleInterval: SAMPLE_MS,
    // Answered here; the hooks after it and the route see the reply sent and stop (nothing answered: they run).
    pressureHandler: (request, reply) => {
      if (judging() && !probe(request)) void overloaded(reply, retryAfter);
    },
  });
  const waiting = () => db.waiting?.() ?? 0;
  // The share of the last sample the loop spent running code.
  let sampled = performance.eventLoopUtilization();
  let utilization = 0;
  const sampler = setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(now, sampled).utilization;
    sampled = now;
  }, SAMPLE_MS).unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sampler);
    done();
  });
  const loopBusy = () => shedding.optionalEventLoopUtilization > 0 && utilization > shedding.optionalEventLoopUtilization && judging();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (probe(request)) return;
    const dbWaiting = waiting();
    const optional = OPTIONAL_ROUTES.has(request.routeOptions.url ?? '');
    const busy = optional ? dbWaiting > shedding.optionalDbWaiting || loopBusy() : dbWaiting > shedding.dbWaiting;
    if (busy) return overloaded(reply, retryAfter);
  });
}
