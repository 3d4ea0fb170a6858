// Marketing's promise: a copy of calculator.json under another id and route is a working funnel, with no code change.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { startAppServer, type AppServer } from '../testing/app-server.ts';
import { buildApp } from '../testing/build-app.ts';
import { PHONE, browserAvailable, launchBrowser } from '../testing/browser.ts';
import { walkCalculator } from '../testing/calculator-walk.ts';

const FLOWS = join(import.meta.dirname, '..', '..', 'flows');

describe.runIf(browserAvailable)('a funnel added as a JSON file only', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    const flowsDir = mkdtempSync(join(tmpdir(), 'claimflow-flows-'));
    cpSync(FLOWS, flowsDir, { recursive: true });
    const flow = JSON.parse(readFileSync(join(FLOWS, 'calculator.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(flowsDir, 'spring-campaign.json'), JSON.stringify({ ...flow, id: 'spring-campaign', routes: ['/spring-claim-check'] }));
    process.env.FLOWS_DIR = flowsDir;
    try {
      server = await startAppServer({ staticDir: await buildApp() });
    } finally {
      delete process.env.FLOWS_DIR;
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is served at its new route and stores its lead', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await walkCalculator(page, server, { route: '/spring-claim-check', lang: 'en', phone: '2025550151', consult: 'yes' });
    await context.close();
    await server.stop();
    const db = await openPgliteDb(server.dataDir);
    try {
      const { rows } = await db.query<{ calc_id: string }>('SELECT calc_id FROM leads');
      expect(rows).toEqual([{ calc_id: 'e2e-2025550151' }]);
    } finally {
      await db.close();
    }
  });
});
