// SIGTERM drains the server and the worker (issue 37, part 3), each in a real process: no new connection is taken, a
// request under way is answered in full, a delivery the job queue is making when it stops goes back to the queue (its
// claim ends, another run sends it), and the process exits 0 within 10 s.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sponsor } from '../../engine/route-lead.ts';
import { buildApp } from '../../server/app.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPgDb } from '../../server/db/pg-db.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { loadDelivery } from '../../server/delivery/delivery-setup.ts';
import { startAppServer, type AppServer } from '../testing/app-server.ts';
import { createLeadOverHttp, PROCESS_PHONE } from '../testing/delivery-process.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { startFakeSponsors, type FakeSponsors } from '../testing/fake-sponsors.ts';
import { freshPostgres } from '../testing/fresh-postgres.ts';
import { generalLeadBody, namingConsent } from '../testing/lead-bodies.ts';
import { sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { send, verifyTestPhone } from '../testing/requests.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';
import { startWorker } from '../testing/worker-process.ts';

/** The longest a stop may take (serve.ts's own limit, past which it exits 1). */
const STOP_MS = 10_000;

const lawyers: Omit<Sponsor, 'urlEnv' | 'secretEnv'> = {
  id: 'texas-lawyers',
  name: 'Texas Lawyers',
  category: 'law-firm',
  services: ['__CALawyer'],
  dailyCap: 1000,
  active: true,
};

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until ready() holds, failing after ms. */
async function until(ready: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await delay(100);
  }
}

/** What a delivery's row says once its process has stopped: not made, not given up, but claimed (its lease running). */
const LEFT_CLAIMED = [{ status: 'pending', claimed: true }];
const DELIVERY_STATE = 'SELECT status, lease_until IS NOT NULL AS claimed FROM deliveries';

const isReady = async (base: string) => (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200;

describe('SIGTERM to the web server', { timeout: STARTUP_MS }, () => {
  let fake: FakeSponsors;
  let server: AppServer;
  beforeAll(async () => {
    fake = await startFakeSponsors([lawyers]);
    // The sponsor's endpoint holds every request until the sender gives up: a delivery is under way when the stop comes.
    fake.behaviour.set(lawyers.id, { hang: 1 });
    server = await startAppServer({
      staticDir: '/nonexistent-claimflow-dist',
      env: {
        TEST_PHONE: PROCESS_PHONE,
        REPORT_INGEST_KEYS: TEST_INGEST_KEY,
        SPONSORS_DIR: fake.dir,
        ...fake.env,
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_TIMEOUT_SECONDS: '60',
      },
    });
    await until(() => isReady(server.url), 'the server to be ready');
  }, STARTUP_MS);
  afterAll(async () => {
    await server?.kill();
    await fake?.close();
  });

  it('answers the request under way, takes no new one, puts the delivery under way back, and exits 0 within 10 s', async () => {
    await createLeadOverHttp(server.url, 'drain-lead', { state: 'TX', leadTypes: { __CALawyer: 'AM' } }, fake);
    await until(() => fake.requests > 0, "the delivery to reach the sponsor's endpoint");

    // A request under way: its headers and half its body sent before the stop, the rest after.
    const body = Buffer.from(JSON.stringify([sampleReport()]));
    const { hostname, port } = new URL(server.url);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          method: 'POST',
          path: '/api/reports',
          headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${TEST_INGEST_KEY}` },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, body.length >> 1));
      void delay(1_000).then(() => req.end(body.subarray(body.length >> 1)));
    });
    await delay(300);
    const stopped = Date.now();
    const exited = server.stop();
    await delay(300);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    const answered = await answer;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ accepted: 1 });
    expect(await exited).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(STOP_MS);

    // The delivery was not made, nor given up: it waits, claimed, for its claim to end and another run to send it.
    const db = await openPgliteDb(server.dataDir);
    try {
      expect((await db.query(DELIVERY_STATE)).rows).toEqual(LEFT_CLAIMED);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('SIGTERM to npm run worker', { timeout: STARTUP_MS }, () => {
  it('puts the delivery under way back and exits 0 within 10 s', async () => {
    const fake = await startFakeSponsors([lawyers]);
    fake.behaviour.set(lawyers.id, { hang: 1 });
    const database = await freshPostgres(process.env.TEST_DATABASE_URL!, 'claimflow_drain');
    const db = openPgDb(database.url, { max: 4 });
    try {
      await migrate(db);
      // A lead stored before the worker starts: its first sweep routes it and sends it to the sponsor, which holds it.
      const delivery = await loadDelivery(testConfig({ sponsorsDir: fake.dir }), fake.env, () => {});
      const app = await buildApp({ config: testConfig({ testPhone: PROCESS_PHONE }), db, sms: recordingSms(), sponsors: delivery.ready.sponsors });
      const payload = generalLeadBody(PROCESS_PHONE.slice(2), { consent: namingConsent(fake.active), state: 'TX', leadTypes: { __CALawyer: 'AM' } });
      const created = await send(app, 'POST', '/api/leads/create', { payload, cookie: await verifyTestPhone(app, PROCESS_PHONE), key: 'drain-worker' });
      await app.close();
      expect(created.statusCode).toBe(200);
      const worker = await startWorker({
        DATABASE_URL: database.url,
        SPONSORS_DIR: fake.dir,
        ...fake.env,
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_TIMEOUT_SECONDS: '60',
      });
      try {
        await until(() => fake.requests > 0, "the delivery to reach the sponsor's endpoint");
        const stopped = Date.now();
        expect(await worker.stop()).toBe(0);
        expect(Date.now() - stopped).toBeLessThan(STOP_MS);
        expect((await db.query(DELIVERY_STATE)).rows).toEqual(LEFT_CLAIMED);
      } finally {
        await worker.kill();
      }
    } finally {
      await db.close();
      await database.drop();
      await fake.close();
    }
  });
});
