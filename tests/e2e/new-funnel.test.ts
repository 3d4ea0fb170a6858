// Marketing's promise: a funnel is added as files of JSON, with no code change. docs/new-funnel.md's example, as a
// marketer would make it (the code blocks marked `file=<path>`), and a copy of calculator.json under another id and
// route, laid into a copy of flows/ and locales/ (FLOWS_DIR, LOCALES_DIR; never the repository's own), checked as
// flows:check checks them, built into the app once, each walked on a phone to the end, and their leads found.
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { flowProblems, formatProblems } from '../../scripts/flows-check.ts';
import { startAppServer, type AppServer } from '../testing/app-server.ts';
import { buildApp } from '../testing/build-app.ts';
import { PHONE, browserAvailable, closePage, theBrowser, openPage } from '../testing/browser.ts';
import { walkCalculator } from '../testing/calculator-walk.ts';
import { readySponsorsEnv } from '../testing/fake-sponsors.ts';
import { FunnelWalk } from '../testing/funnel-walk.ts';
import { massTortWalk, type Run } from '../testing/funnel-walks.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = join(ROOT, 'docs', 'new-funnel.md');

/** The document's files: each ```json file=<path> block, by path (flows/… or locales/…, nothing outside them). */
function docFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, path, text] of readFileSync(DOC, 'utf8').matchAll(/^```json file=(\S+)\n([\s\S]*?)^```$/gm)) {
    const safe = normalize(path!);
    if (!/^(flows|locales\/(en|es))\/[^/]+\.json$/.test(safe)) throw new Error(`docs/new-funnel.md: a block for ${path}, outside flows/ and locales/`);
    files.set(safe, text!);
  }
  return files;
}

describe.runIf(browserAvailable)('funnels added as JSON files only', () => {
  const files = docFiles();
  const flowFile = [...files.keys()].find((path) => path.startsWith('flows/'));
  const flow = JSON.parse(files.get(flowFile ?? '') ?? '{}') as Flow;
  const phone = '2025550191';
  const copyPhone = '2025550151';
  let root: string;
  let server: AppServer;
  let browser: Browser;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'claimflow-new-funnel-doc-'));
    for (const dir of ['flows', 'locales', 'schemas']) cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
    for (const [path, text] of files) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    // The build, the server and the walk's copy read the funnels and their copy from here.
    process.env.FLOWS_DIR = join(root, 'flows');
    process.env.LOCALES_DIR = join(root, 'locales');
  });

  afterAll(async () => {
    await server?.stop();
    delete process.env.FLOWS_DIR;
    delete process.env.LOCALES_DIR;
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("the document's example is one flow file of at most 60 lines with its copy in English and Spanish, and they pass flows:check", async () => {
    expect([...files.keys()].sort()).toEqual([flowFile, `locales/en/${flow.namespace}.json`, `locales/es/${flow.namespace}.json`].sort());
    expect(files.get(flowFile!)!.trimEnd().split('\n').length).toBeLessThanOrEqual(60);
    expect(flowProblems(join(root, 'flows'), root)).toEqual([]);
    expect(await formatProblems(join(root, 'flows'))).toEqual([]);
  });

  it('are built into the app, walked on a phone to the end, and store their leads with their flow ids and answers', async () => {
    // Marketing's shortcut: calculator.json copied under another id and route (its copy is the calculator's), without
    // its place in the site's menu, which is the calculator's.
    const { site: _site, ...calculator } = JSON.parse(readFileSync(join(ROOT, 'flows', 'calculator.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(root, 'flows', 'spring-campaign.json'), JSON.stringify({ ...calculator, id: 'spring-campaign', routes: ['/spring-claim-check'] }));
    // The sponsor that buys the new funnels' leads (docs/new-funnel.md, 7): their ids among its services.
    cpSync(join(ROOT, 'sponsors'), join(root, 'sponsors'), { recursive: true });
    const buyer = join(root, 'sponsors', 'summit-accident-lawyers.json');
    const sponsor = JSON.parse(readFileSync(buyer, 'utf8')) as { services: string[] };
    writeFileSync(buyer, JSON.stringify({ ...sponsor, services: [...sponsor.services, flow.id, 'spring-campaign'] }));
    server = await startAppServer({ staticDir: await buildApp(), env: { ...readySponsorsEnv(), SPONSORS_DIR: join(root, 'sponsors') } });
    browser = await theBrowser();
    const open = await openPage(browser, { viewport: PHONE });
    const run: Run = { lang: 'en', size: 'phone', phone, consult: 'yes' };
    // The walk asks for the call, so it never leaves for the learn-more page.
    const walk = massTortWalk(flow.namespace, flow.routes[0]!, 'https://**');
    await walk(new FunnelWalk(open.page, server, run.lang, `${flow.id}-doc`), run);
    await closePage(open);
    const another = await openPage(browser, { viewport: PHONE });
    await walkCalculator(another.page, server, { route: '/spring-claim-check', lang: 'en', phone: copyPhone, consult: 'yes' });
    await closePage(another);
    await server.stop();
    const db = await openPgliteDb(server.dataDir);
    try {
      const { rows } = await db.query<{ funnel: string; phone: string; preferred_call_time: string; calc_id: string | null; body: Record<string, unknown> }>(
        'SELECT funnel, phone, preferred_call_time, calc_id, body FROM leads ORDER BY id',
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        funnel: flow.id,
        phone: `+1${phone}`,
        preferred_call_time: '9am - 10am',
        body: {
          q1: true,
          q2: false,
          q3: false,
          legal_consult: true,
          consent: { flowId: flow.id, flowVersion: flow.version, sponsors: ['summit-accident-lawyers'] },
        },
      });
      expect(rows[1]).toMatchObject({ funnel: 'spring-campaign', phone: `+1${copyPhone}`, calc_id: `e2e-${copyPhone}` });
    } finally {
      await db.close();
    }
  }, 300_000);
});
