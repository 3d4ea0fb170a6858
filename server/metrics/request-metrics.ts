// Every request answered, observed in claimflow_http_request_duration_seconds by method, route pattern (Fastify's
// route URL, '/api/flows/:id/:version', never the URL asked for; 'unmatched' when no route matched) and status.
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

export function observeRequests(app: FastifyInstance, { requests }: Pick<Metrics, 'requests'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
