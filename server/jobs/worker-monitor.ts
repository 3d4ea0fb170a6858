// The worker's own HTTP port (WORKER_PORT): GET /healthz, /readyz and /metrics as the web server answers them (the
// alert texts and deliveries this worker makes are counted in its own process), for an orchestrator's probes and for
// Prometheus. Nothing else is served there.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';
import type { RouteDeps } from '../routes/deps.ts';
import { healthRoutes } from '../routes/health.ts';
import { metricsRoutes } from '../routes/metrics.ts';

export async function listenForMonitoring(port: number, host: string, deps: RouteDeps & { metrics: Metrics }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(healthRoutes, deps);
  await app.register(metricsRoutes, deps);
  await app.listen({ port, host });
  return app;
}
