// The app with lead delivery running in-process for the delivery tests: a test server whose sponsors are the fake
// receivers', the job queue with the router and the deliverer, and leads created through the API by the test phone.
import type { Config } from '../../server/config.ts';
import { loadDelivery } from '../../server/delivery/delivery-setup.ts';
import type { Jobs } from '../../server/jobs/jobs.ts';
import type { FakeSponsors } from './fake-sponsors.ts';
import { generalLeadBody, namingConsent } from './lead-bodies.ts';
import { send, verifyTestPhone } from './requests.ts';
import { makeTestServer, testConfig, type TestServer } from './test-servers.ts';
import type { TestDbKind } from './test-db.ts';

export const DELIVERY_PHONE = '+12025550161';
export const PUBLIC_URL = 'https://claims.example.com';

export interface DeliveryServer {
  server: TestServer;
  /** The job queue with the router and the deliverer as it runs now. */
  readonly queue: Jobs;
  /** Starts the job queue again (after queue.stop(): as a server that died and started again). */
  restartQueue(): Promise<void>;
  /** What the queue and the start-up reported. */
  logs: string[];
  /**
   * A lead made through POST /api/leads/create (a general lead of the test phone, verified anew: one lead per funnel and
   * verification, its consent naming every sponsor ready, with overrides); its id.
   */
  createLead(overrides?: Record<string, unknown>): Promise<number>;
  /** PUT by the visitor who created lead leadId (a lead update); the status. */
  put(url: string, payload: unknown, leadId: number): Promise<number>;
  /** Waits until no delivery is pending (each delivered, dead or off). */
  settled(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startDeliveryServer(fake: FakeSponsors, config: Partial<Config> = {}, kind: TestDbKind = 'pglite'): Promise<DeliveryServer> {
  const logs: string[] = [];
  const settings = {
    testPhone: DELIVERY_PHONE,
    publicUrl: PUBLIC_URL,
    sponsorsDir: fake.dir,
    webhookAllowedHosts: ['127.0.0.1'],
    webhookRetrySchedule: [0, 1, 1, 1],
    webhookTimeoutSeconds: 1,
    ...config,
  };
  const delivery = await loadDelivery(testConfig(settings), fake.env, (line) => logs.push(line));
  // The sponsors ready to get leads are those a lead's consent may name.
  const server = await makeTestServer({ db: kind, config: settings, sponsors: delivery.ready.sponsors });
  const start = () =>
    server.jobs.start({
      db: server.db,
      databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      sms: server.sms,
      config: server.config,
      delivery,
      metrics: server.metrics,
      log: (message, error) => logs.push(error === undefined ? message : `${message}: ${error instanceof Error ? error.message : JSON.stringify(error)}`),
    });
  const queue = await start();
  let keys = 0;
  /** Each lead's creator's verification cookie. */
  const cookies = new Map<number, string>();
  return {
    server,
    get queue() {
      return queue;
    },
    async restartQueue() {
      await start();
    },
    logs,
    async createLead(overrides = {}) {
      const verified = await verifyTestPhone(server.app, DELIVERY_PHONE);
      const res = await send(server.app, 'POST', '/api/leads/create', {
        payload: generalLeadBody(DELIVERY_PHONE.slice(2), { consent: namingConsent(delivery.ready.sponsors), ...overrides }),
        cookie: verified,
        key: `lead-${(keys += 1)}`,
      });
      if (res.statusCode !== 200) throw new Error(`leads/create: ${res.statusCode} ${res.body}`);
      const id = res.json<{ resultIds: number[] }>().resultIds[0] ?? 0;
      cookies.set(id, verified);
      return id;
    },
    async put(url, payload, leadId) {
      return (await send(server.app, 'PUT', url, { payload, cookie: cookies.get(leadId), key: `update-${(keys += 1)}` })).statusCode;
    },
    async settled(ms) {
      const end = Date.now() + ms;
      for (;;) {
        const { rows } = await server.db.query<{ waiting: number }>(
          `SELECT (SELECT count(*) FROM deliveries WHERE status = 'pending') + (SELECT count(*) FROM leads WHERE routed_at IS NULL) AS waiting`,
        );
        if (Number(rows[0]?.waiting) === 0) return;
        if (Date.now() > end) throw new Error(`${rows[0]?.waiting} leads or deliveries still waiting after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      await queue.stop();
      if (kind === 'postgres') await server.db.query(`DROP SCHEMA IF EXISTS ${server.db.schema}_pgboss CASCADE`);
      await server.close();
    },
  };
}
