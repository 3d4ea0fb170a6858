// The browser suites' global setup: the web app built once for the whole run (each suite used to build its own), and
// one server of it that the suites with data of their own share (each server start costs 12-17 s on a loaded machine),
// handed to the suites as inject('builtApp') and inject('sharedServer'), and stopped and removed afterwards.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ssrDirOf } from '../../server/page-html.ts';
import { startAppServer } from './app-server.ts';
import { buildApp } from './build-app.ts';
import { readySponsorsEnv } from './fake-sponsors.ts';
import { SHARED_TEST_PHONE } from './lead-bodies.ts';
import { TEST_INGEST_KEY } from './reports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the production build the browser suites serve. */
    builtApp: string;
    /** The shared server's address, and the file its console is copied to (for the codes it texts). */
    sharedServer: { url: string; logFile: string };
  }
}

export default async function setup(project: TestProject) {
  const dir = await buildApp();
  project.provide('builtApp', dir);
  const logDir = mkdtempSync(join(tmpdir(), 'claimflow-shared-'));
  const logFile = join(logDir, 'stdout.log');
  writeFileSync(logFile, '');
  // The union of what its suites need: the sponsors ready (a consent names who may call), a report feed's key, a test
  // phone that skips its code, and files for every suite's pages from one address (server-html alone loads each page
  // twice in both languages: 1,000 files a minute, the default limit, ran out, and a page's CSS came back 429).
  const server = await startAppServer({
    staticDir: dir,
    logFile,
    env: {
      ...readySponsorsEnv(),
      REPORT_INGEST_KEYS: TEST_INGEST_KEY,
      TEST_PHONE: `+1${SHARED_TEST_PHONE}`,
      RATE_LIMIT_STATIC_PER_MINUTE: '1000000',
    },
  });
  project.provide('sharedServer', { url: server.url, logFile });
  return async () => {
    await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
    await rm(logDir, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
    await rm(ssrDirOf(dir), { recursive: true, force: true });
  };
}
