// Launching a funnel's next version never breaks a visit in progress (issue 21 part 4): a browser sits on the
// calculator's step 3.5 of version N when version N+1, without that step, is built and the server restarted on it; the
// page is reloaded onto the new build, ends the visit on version N's step 3.5, and its lead records version N.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { startAppServer } from '../testing/app-server.ts';
import { PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { buildApp } from '../testing/build-app.ts';
import { walkCalculator } from '../testing/calculator-walk.ts';
import { copy } from '../testing/copy.ts';

const ROUTE = '/calculate-your-accident-claim-value';
const FLOWS = join(import.meta.dirname, '..', '..', 'flows');
/** The funnels this test's server runs: flows/ as it is (version N), until the test launches N+1 there. */
const flowsDir = mkdtempSync(join(tmpdir(), 'claimflow-flows-'));
cpSync(FLOWS, flowsDir, { recursive: true });
const current = JSON.parse(readFileSync(join(FLOWS, 'calculator.json'), 'utf8')) as { version: number; steps: Record<string, { on: { NEXT: object[] } }> };

/** Version N+1 of the calculator in flowsDir: no step 3.5 (the lead types); declining a consultation sends the lead at once. */
async function writeNextVersion() {
  const next = structuredClone(current);
  next.version += 1;
  delete next.steps['3.5'];
  const step3 = next.steps['3'] as { on: { NEXT: object[] } };
  step3.on.NEXT[1] = { ...step3.on.NEXT[1], effect: 'createLead', target: '5' };
  const file = join(flowsDir, 'calculator.json');
  // As flows/ keeps its files (the build refuses a flow prettier would write otherwise).
  writeFileSync(file, await format(JSON.stringify(next), { parser: 'json', printWidth: 120, objectWrap: 'collapse' }));
}

describe.runIf(browserAvailable)('a version launched during a visit', () => {
  const suite = useAppAndBrowser({ env: { FLOWS_DIR: flowsDir } });
  afterAll(() => rmSync(flowsDir, { recursive: true, force: true }));

  it('lets the visit end on the version it began on, and its lead records that version', async () => {
    const opened = await openPage(suite.browser, { viewport: PHONE });
    const { page } = opened;
    const phone = '2025550161';
    let launchedBuild: string | undefined;
    const launch = async () => {
      await writeNextVersion();
      process.env.FLOWS_DIR = flowsDir;
      try {
        launchedBuild = await buildApp();
      } finally {
        delete process.env.FLOWS_DIR;
      }
      const { port } = new URL(suite.server.url);
      const { dataDir } = suite.server;
      await suite.server.stop();
      // The same origin (the tab's saved progress is kept per origin) and data, the new build and flows.
      suite.server = await startAppServer({ staticDir: launchedBuild, dataDir, env: { FLOWS_DIR: flowsDir, PORT: port } });
      // A reload: the page is now the new build's, whose calculator has no step 3.5.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: copy('en', 'common:leadTypes.title') }).waitFor();
    };
    try {
      await walkCalculator(page, suite.server, { route: ROUTE, lang: 'en', phone, consult: 'no', midway: launch });
      // A new visit gets the launched version.
      await page.goto(`${suite.server.url}${ROUTE}`);
      await page.getByRole('button', { name: copy('en', 'common:nav.continue') }).click();
      await page.getByRole('heading', { level: 1, name: copy('en', 'calculator:step1.title') }).waitFor();
      const saved = await page.waitForFunction(() => (JSON.parse(sessionStorage.getItem('claimflow:flow:calculator') ?? '{}') as { version?: number }).version);
      expect(await saved.jsonValue()).toBe(current.version + 1);
    } finally {
      await closePage(opened);
      if (launchedBuild) rmSync(launchedBuild, { recursive: true, force: true });
    }

    await suite.server.stop();
    const db = await openPgliteDb(suite.server.dataDir);
    try {
      const { rows } = await db.query<{ flow_id: string; flow_version: number }>(
        'SELECT c.flow_id, c.flow_version FROM leads l JOIN consent_records c ON c.id = l.consent_record_id WHERE l.calc_id = $1',
        [`e2e-${phone}`],
      );
      expect(rows).toEqual([{ flow_id: 'calculator', flow_version: current.version }]);
    } finally {
      await db.close();
    }
  });
});
