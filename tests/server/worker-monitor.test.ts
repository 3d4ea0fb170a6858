// npm run worker's port (WORKER_PORT): the probes and the metrics as the web server answers them, nothing else.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../server/jobs/jobs.ts';
import { listenForMonitoring } from '../../server/jobs/worker-monitor.ts';
import { Metrics } from '../../server/metrics/metrics.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { openTestDb, STARTUP_MS, type TestDb } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

const TOKEN = 'worker-metrics-token-0123456789abcdefghij';

describe("the worker's monitoring port", () => {
  let testDb: TestDb;
  let monitor: FastifyInstance;
  const jobs = new Jobs();
  let base: string;
  beforeAll(async () => {
    testDb = await openTestDb('pglite');
    const config = testConfig({ metricsToken: TOKEN });
    const sms = recordingSms();
    await jobs.start({ db: testDb.db, sms, config, log: () => {} });
    monitor = await listenForMonitoring(0, '127.0.0.1', { config, db: testDb.db, sms, jobs, metrics: new Metrics(testDb.db).watchProcess() });
    base = `http://127.0.0.1:${(monitor.server.address() as AddressInfo).port}`;
  }, STARTUP_MS);
  afterAll(async () => {
    await monitor.close();
    await jobs.stop();
    await testDb.close();
  });

  it('answers the probes, the metrics to the token, and nothing else', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('claimflow_queue_depth{queue="alert-texts"} 0');
    // The process's own, as the worker adds them.
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect((await fetch(`${base}/api/legal`)).status).toBe(404);
  });
});
