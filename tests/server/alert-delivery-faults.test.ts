// Alert texts when worker processes die or run side by side (npm run worker on one PostgreSQL, texts through a fake
// Twilio in this process): killed with SIGKILL at random points while it sends, ten times, and then left to finish,
// the worker loses no text and sends none twice; two workers share the texts and send each exactly once, as one does.
// Processes that share a database need a PostgreSQL server (PGlite's directory is one process's): TEST_DATABASE_URL,
// always set in CI (.ci/run); without it this file is skipped.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPgDb } from '../../server/db/pg-db.ts';
import { Jobs } from '../../server/jobs/jobs.ts';
import { matchedAlerts, testLead, textsOnce, type MatchedAlert } from '../testing/alert-delivery.ts';
import { fakeTwilioEnv, startFakeTwilio, type FakeTwilio } from '../testing/fake-twilio.ts';
import { freshPostgres, type FreshPostgres } from '../testing/fresh-postgres.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';
import { startWorker, type WorkerProcess } from '../testing/worker-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = 'https://claims.example.com';
const KILLS = 10;

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const random = (n: number) => Math.floor(Math.random() * n);

describe.skipIf(!ADMIN_URL)('alert texts from worker processes on one PostgreSQL', () => {
  let database: FreshPostgres;
  let db: Db;
  let leadId: string;
  let fake: FakeTwilio;
  const env = (from?: string) => ({ DATABASE_URL: database.url, PUBLIC_URL, ...fakeTwilioEnv(fake), ...(from ? { TWILIO_FROM: from } : {}) });

  beforeAll(async () => {
    database = await freshPostgres(ADMIN_URL!, 'claimflow_alerts');
    db = openPgDb(database.url, { max: 4 });
    await migrate(db);
    leadId = await testLead(db);
    fake = await startFakeTwilio();
  }, STARTUP_MS);
  afterAll(async () => {
    await fake?.close();
    await db?.close();
    await database?.drop();
  });
  /** Every worker started, killed after each test whatever happened (a failed test must not leave one sending). */
  const started: WorkerProcess[] = [];
  const worker = async (from?: string) => {
    const w = await startWorker(env(from));
    started.push(w);
    return w;
  };
  beforeEach(() => {
    fake.messages.length = 0;
    fake.onMessage = undefined;
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((w) => w.kill()));
  });

  /** Waits until no row is left to send (each sent or skipped). */
  const settled = async (ms: number) => {
    const end = Date.now() + ms;
    for (;;) {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_texts WHERE sent_at IS NULL AND skipped IS NULL');
      if (rows[0]?.n === 0) return;
      if (Date.now() > end) throw new Error(`${rows[0]?.n} texts still unsent after ${ms} ms`);
      await delay(200);
    }
  };

  /** Each alert's phone got exactly the text its row stored, once; nothing else went out. */
  const expectEachTextedOnce = async (alerts: MatchedAlert[]) => {
    expect(
      await textsOnce(
        db,
        fake.messages,
        alerts.map((a) => a.id),
      ),
    ).toEqual({ rows: alerts.length, lost: 0, twice: 0 });
    expect(fake.messages).toHaveLength(alerts.length);
  };

  it(
    `loses no text and sends none twice when the worker is killed (SIGKILL) at random points while it sends, ${KILLS} times`,
    { timeout: 150_000 },
    async () => {
      // Each kill leaves up to a hundred texts claimed (two batches of 50 under way) until their lease ends: enough
      // texts that every round still finds some to send.
      const alerts = await matchedAlerts(db, leadId, 2_000);
      const kinds: string[] = [];
      for (let round = 0; round < KILLS; round++) {
        const before = fake.messages.length;
        const after = 1 + random(40);
        // Half the rounds die while Twilio holds a text it took (the sender never hears back), half a moment after one
        // (claiming, storing a text, marking one sent, between jobs).
        const inFlight = round % 2 === 0;
        // Its first text comes seconds after this turn, which sets the fake's hook.
        const victim = worker();
        const killed = new Promise<void>((resolve) => {
          fake.onMessage = async () => {
            if (fake.messages.length - before < after) return delay(random(8));
            fake.onMessage = undefined;
            if (!inFlight) await delay(random(150));
            await (await victim).kill();
            resolve();
          };
        });
        await Promise.race([killed, delay(60_000).then(() => Promise.reject(new Error(`round ${round}: no kill within 60 s`)))]);
        kinds.push(`${inFlight ? 'in flight' : 'after'} #${after}`);
      }
      expect(fake.messages.length, 'texts sent before the last kill').toBeLessThan(alerts.length);

      // Left to finish: the claims the dead left behind are reconciled once their 30 s lease is over.
      const last = await worker();
      await settled(90_000);
      expect(await last.stop()).toBe(0);
      await expectEachTextedOnce(alerts);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_texts WHERE attempts > 1');
      console.info(`alert delivery, ${KILLS} kills (${kinds.join(', ')}): ${alerts.length} texts, each once; ${rows[0]?.n} reclaimed after a death`);
    },
  );

  it('two workers share the texts and send each exactly once, as one worker does', { timeout: 120_000 }, async () => {
    // Each worker sends from a number of its own, so the texts tell which one sent them.
    const workers = await Promise.all([worker('+12025550101'), worker('+12025550102')]);
    // Twilio's pace (a few hundred ms an answer): the first worker is still sending when the second joins.
    fake.onMessage = () => delay(300 + random(300));
    const alerts = await matchedAlerts(db, leadId, 600);
    // Woken as a server that stored reports wakes them: a job in the queue, which the workers poll for.
    const producer = await new Jobs().start({ db, databaseUrl: database.url, workers: false, sms: recordingSms(), config: testConfig(), log: () => {} });
    producer.wake('alert-texts');
    await settled(60_000);
    await producer.stop();
    expect(await Promise.all(workers.map((w) => w.stop()))).toEqual([0, 0]);
    await expectEachTextedOnce(alerts);
    expect(new Set(fake.messages.map((m) => m.from)), 'both workers sent some').toEqual(new Set(['+12025550101', '+12025550102']));
  });
});
