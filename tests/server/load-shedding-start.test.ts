// A server just started sheds nothing it can answer: its start-up (migrations, the job queue's start and first sweeps,
// on PGlite minutes of statements with no tick of the event loop in between) is not load. A fresh process, as a
// deployment starts it (server/main.ts), with load shedding at its defaults, answers a search (an optional route, shed
// first) and a page sent as soon as it says it listens. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type FreshPostgres } from '../testing/fresh-postgres.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestDist } from '../testing/test-servers.ts';
import { startServer, type ServerProcess } from '../testing/worker-process.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.each(testDbKinds)('a server just started on %s', (kind) => {
  let dist: Awaited<ReturnType<typeof makeTestDist>>;
  let dataDir: string;
  let database: FreshPostgres | undefined;
  let server: ServerProcess;
  const answers: { url: string; status: number; body: string }[] = [];

  beforeAll(async () => {
    dist = await makeTestDist();
    dataDir = await mkdtemp(join(tmpdir(), 'claimflow-start-'));
    if (kind === 'postgres') database = await freshPostgres(ADMIN_URL!, 'claimflow_start');
    // Load shedding at its defaults: no SHED_ variable set.
    server = await startServer({
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: dist.dir,
      DEMO_REPORTS: 'off',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    // Its first requests, sent the moment it says it listens, one after the other as a visitor's browser would.
    const base = `http://127.0.0.1:${server.port}`;
    for (const [url, accept] of [
      ['/api/reports/search?city=Austin&state=TX', 'application/json'],
      ['/find-my-report', 'text/html'],
      ['/api/reports/search?state=TX&city=Dallas', 'application/json'],
      ['/notify-me', 'text/html'],
    ] as const) {
      const res = await fetch(base + url, { headers: { accept } });
      answers.push({ url, status: res.status, body: await res.text() });
    }
  }, 2 * STARTUP_MS);
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    await dist?.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers its first searches and pages, not 503 overloaded', () => {
    expect(answers.map(({ url, status }) => ({ url, status }))).toEqual([
      { url: '/api/reports/search?city=Austin&state=TX', status: 200 },
      { url: '/find-my-report', status: 200 },
      { url: '/api/reports/search?state=TX&city=Dallas', status: 200 },
      { url: '/notify-me', status: 200 },
    ]);
    expect(answers[1]!.body).toContain('<div id="root">');
  });
});
