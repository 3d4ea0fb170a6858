// The app built for tests through buildApp: makeTestServer (a fresh database, a recording SMS provider) and makeCodesApp
// (an open database, a clock, the real code limits), their configuration, a throwaway built web app, and the route list.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Db } from '../../server/db/db.ts';
import { Jobs } from '../../server/jobs/jobs.ts';
import type { LogSetting } from '../../server/logging.ts';
import type { Policies } from '../../server/limits/policies.ts';
import { Metrics } from '../../server/metrics/metrics.ts';
import { ssrDirOf } from '../../server/page-html.ts';
import { recordingSms, type RecordingSms } from './fake-sms.ts';
import { openTestDb, type TestDbKind } from './test-db.ts';

/** Rate limits high enough that no test meets them unless it lowers them (hardening-limits.test.ts does). */
export const TEST_RATE_LIMIT = { apiPerMinute: 100_000, staticPerMinute: 100_000 };

/** The server's configuration for tests: defaults, in-memory data, no static app, no practical rate limit, plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: 'memory://',
    staticDir: '/nonexistent-claimflow-dist',
    nodeEnv: 'test',
    rateLimit: TEST_RATE_LIMIT,
    shedding: NO_SHEDDING,
    ...overrides,
  };
}

/**
 * Load shedding as good as off: test runs load the machine (and PGlite's start blocks the event loop), and their
 * concurrent requests are not a load to shed; tests/server/load-shedding.test.ts sets its own figures.
 */
export const NO_SHEDDING: Config['shedding'] = {
  eventLoopDelayMs: 0,
  dbWaiting: 100_000,
  optionalEventLoopUtilization: 0,
  optionalDbWaiting: 100_000,
  retryAfterSeconds: 5,
};

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  sms: RecordingSms;
  config: Config;
  /** The app's job queue, not started: a test that wants background work starts it. */
  jobs: Jobs;
  /** The app's metrics: give them to the job queue's start for its texts and deliveries to be counted beside the app's. */
  metrics: Metrics;
  /** Number of rows in a table, e.g. to show a refused request wrote nothing. */
  count(table: 'leads' | 'tcpa_consents' | 'sms_codes' | 'phone_verifications' | 'consent_records'): Promise<number>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  db?: TestDbKind;
  config?: Partial<Config>;
  /** The server's clock (a fake one moves time on). */
  clock?: () => number;
  /** The funnels whose leads it takes (default: those of flows/). */
  flows?: AppDeps['flows'];
  /** The sponsors leads go to (default: none). */
  sponsors?: AppDeps['sponsors'];
}

/** buildApp on a fresh database with a recording SMS provider. Close it in afterAll. */
export async function makeTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDb = await openTestDb(options.db ?? 'pglite');
  const config = testConfig(options.config);
  const sms = recordingSms();
  const jobs = new Jobs();
  const metrics = new Metrics(testDb.db);
  const app = await buildApp({
    metrics,
    config,
    db: testDb.db,
    sms,
    limits: TEST_CODE_LIMITS,
    clock: options.clock,
    flows: options.flows,
    sponsors: options.sponsors,
    jobs,
  });
  await app.ready();
  return {
    app,
    db: testDb.db,
    sms,
    config,
    jobs,
    metrics,
    async count(table) {
      const { rows } = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      return rows[0]?.n ?? 0;
    },
    async close() {
      await jobs.stop();
      await app.close();
      await testDb.close();
    },
  };
}

/** Every route of app as { method, url } (read from printRoutes), e.g. to exercise each API route. */
export function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const parents: string[] = [''];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│├└─ ]*?)([^│├└─ ].*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.max(1, (m[1] ?? '').length / 4);
    const url = `${parents[depth - 1] ?? ''}${m[2] ?? ''}`;
    parents.length = depth;
    parents.push(url);
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/**
 * A throwaway "built web app": index.html (with a module script and a stylesheet, as vite writes it) and hashed assets;
 * with drawing, the source of its Node bundle (engine/site-pages.ts's PageDrawing) beside it, as the build writes it.
 */
export async function makeTestDist(drawing?: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'claimflow-dist-'));
  const ssr = ssrDirOf(dir);
  if (drawing !== undefined) {
    await mkdir(ssr);
    await writeFile(join(ssr, 'entry-server.js'), drawing);
  }
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>claimflow</title><script type="module" crossorigin src="/assets/index-1a2b3c.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-4d5e6f.css"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dir, 'assets', 'index-1a2b3c.js'), 'console.log("app")');
  await writeFile(join(dir, 'assets', 'index-4d5e6f.css'), 'body { margin: 0 }');
  return { dir, remove: () => Promise.all([dir, ssr].map((d) => rm(d, { recursive: true, force: true }))).then(() => {}) };
}

/**
 * The one-time code limits of makeTestServer: the real ones, but none per address or network (nor per requester, which counts
 * the address too), since every app.inject comes from 127.0.0.1 where real visitors each have their own
 * (tests/server/codes-*.test.ts keep them all).
 */
export const TEST_CODE_LIMITS: Partial<Policies> = { ipSends: [], networkSends: [], ipChecks: [], requesterFailures: [] };

/**
 * buildApp on an open database with a clock and the real code limits (all of them, per address too), as one server
 * process does: build another on the same db for a second process, or close it and build again for a restart.
 */
export async function makeCodesApp(
  db: Db,
  clock: () => number,
  options: { sms?: RecordingSms; config?: Partial<Config>; limits?: Partial<Policies>; log?: LogSetting } = {},
): Promise<{ app: FastifyInstance; sms: RecordingSms }> {
  const sms = options.sms ?? recordingSms();
  const app = await buildApp({ config: testConfig(options.config), db, sms, clock, limits: options.limits, log: options.log });
  await app.ready();
  return { app, sms };
}
