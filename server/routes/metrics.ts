// GET /metrics: the process's metrics (server/metrics/metrics.ts) in Prometheus' text format, to the holder of
// METRICS_TOKEN (Authorization: Bearer). Without the token set there is no such route (404, as any unknown path): the
// metrics are never public. Scrapes are not logged but for warnings and errors, as the probes are.
import type { Metrics } from '../metrics/metrics.ts';
import { bearerKeyGuard } from './bearer-keys.ts';
import type { RouteDeps, RoutePlugin } from './deps.ts';

export const metricsRoutes: RoutePlugin<Omit<RouteDeps, 'metrics'> & { metrics: Metrics }> = (app, { config, metrics }) => {
  if (config.metricsToken === undefined) return Promise.resolve();
  app.get('/metrics', { logLevel: 'warn', onRequest: bearerKeyGuard([config.metricsToken]) }, async (_request, reply) =>
    reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.scrape()),
  );
  return Promise.resolve();
};
