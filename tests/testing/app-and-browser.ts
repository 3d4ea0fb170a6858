// For a browser suite: the built app (built once for the run, built-app-setup.ts) on a real server with a fresh data
// directory, the sponsors of sponsors/ ready to get leads (so that a consent names who may call), and chromium, for the
// whole file.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startAppServer, type AppServer } from './app-server.ts';
import { launchBrowser } from './browser.ts';
import { readySponsorsEnv } from './fake-sponsors.ts';

export function useAppAndBrowser(env?: Record<string, string>): { server: AppServer; browser: Browser } {
  const suite = {} as { server: AppServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startAppServer({ staticDir: inject('builtApp'), env: { ...readySponsorsEnv(), ...env } });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
