// Every request answered, observed in claimflow_http_request_duration_seconds by method, route pattern (Fastify's
// route URL, '/api/flows/:id/:version', never the URL asked for; 'page' for the app's pages, which the not-found handler
// answers (app.ts), and 'unmatched' for what no route or page answered) and status.
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

export function observeRequests(app: FastifyInstance, { requests }: Pick<Metrics, 'requests'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? (request.is404 && reply.statusCode < 400 ? 'page' : 'unmatched');
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
