// SIGTERM drains the server (issue 37, part 3), in a real process: no new connection is taken, a request under way is
// answered in full, a delivery the job queue is making when it stops goes back to the queue (its claim ends, another
// run sends it), and the process exits 0 within 10 s.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sponsor } from '../../engine/route-lead.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { startAppServer, type AppServer } from '../testing/app-server.ts';
import { createLeadOverHttp, PROCESS_PHONE } from '../testing/delivery-process.ts';
import { startFakeSponsors, type FakeSponsors } from '../testing/fake-sponsors.ts';
import { sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { STARTUP_MS } from '../testing/test-db.ts';

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

const isReady = async (base: string) => (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200;

describe('SIGTERM', { timeout: STARTUP_MS }, () => {
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
      const { rows } = await db.query<{ status: string; claimed: boolean }>('SELECT status, lease_until IS NOT NULL AS claimed FROM deliveries');
      expect(rows).toEqual([{ status: 'pending', claimed: true }]);
    } finally {
      await db.close();
    }
  });
});
