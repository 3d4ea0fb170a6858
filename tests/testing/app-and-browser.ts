// For a browser suite: the worker's chromium (browser.ts's theBrowser), and the built app (built once for the run, browser-setup.ts) on a
// real server: the run's shared one, or one of the file's own on a fresh data directory (with the sponsors of sponsors/
// ready to get leads, so that a consent names who may call).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { attachAppServer, startAppServer, type AppServer, type RunningApp } from './app-server.ts';
import { theBrowser } from './browser.ts';
import { readySponsorsEnv } from './fake-sponsors.ts';
import { openMigratedDataDir } from './pglite-template.ts';

export interface OwnServerOptions {
  /** The server's environment beyond the defaults. */
  env?: Record<string, string>;
  /** Fills the migrated, empty database before the server starts on it (PGlite is one process's), then closes it. */
  seed?: (db: Db, dataDir: string) => Promise<void>;
  /** The sponsors of sponsors/ ready to get leads (default true); false leaves a seeded database's leads unrouted. */
  sponsorsReady?: boolean;
}

/**
 * A server of the file's own: for a suite that reads the database after stopping it (PGlite is one process's), fills it
 * before, counts what every visit stored, or needs its own environment.
 */
export function useAppAndBrowser(options: OwnServerOptions = {}): { server: AppServer; browser: Browser } {
  const suite = {} as { server: AppServer; browser: Browser };
  beforeAll(async () => {
    let dataDir: string | undefined;
    if (options.seed) {
      const opened = await openMigratedDataDir('claimflow-seeded-');
      dataDir = opened.dataDir;
      try {
        await options.seed(opened.db, dataDir);
      } finally {
        await opened.db.close();
      }
    }
    suite.server = await startAppServer({
      staticDir: inject('builtApp'),
      dataDir,
      env: { ...(options.sponsorsReady === false ? {} : readySponsorsEnv()), ...options.env },
    });
    suite.browser = await theBrowser();
  });
  afterAll(() => suite.server?.stop());
  return suite;
}

/**
 * The run's shared server (SHARED_SERVER_ENV, started once by browser-setup.ts): for a suite whose data no other suite's
 * can meet (its own phones, reports and places).
 */
export function useSharedAppAndBrowser(): { server: RunningApp; browser: Browser } {
  const suite = {} as { server: RunningApp; browser: Browser };
  beforeAll(async () => {
    const { url, logFile } = inject('sharedServer');
    suite.server = attachAppServer(url, logFile);
    suite.browser = await theBrowser();
  });
  return suite;
}
