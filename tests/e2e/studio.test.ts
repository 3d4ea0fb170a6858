// `npm run studio` in chromium (issue 20 part 2): on a copy of flows/ (FLOWS_DIR), every flow's graph has as many
// steps and transitions as its file; a step opens its preview in English and Spanish, whose answers lead on in both
// phones; the funnel report of a test API's stored visits shows on the graph, and its days and language filter it
// (issue 21 part 2); a flow file broken on disk shows its problem at once, and mended, its check mark. axe on every
// view. SCREENSHOT_DIR=dir keeps screenshots at 1280x800.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { readFlowFiles } from '../../server/flow-files.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, browserAvailable, theBrowser, openPage, closePage, type OpenPage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { postEvents, StepWalk, startedVisit, WALK_START } from '../testing/step-walks.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The transitions of a flow as its file says them: one per step a transition (or its `then`) can lead to. */
const transitionCount = (flow: Flow) =>
  Object.values(flow.steps)
    .flatMap((step) => Object.values(step.on ?? {}).flatMap((spec) => [spec ?? []].flat()))
    .flatMap((t) => [t.target, ...(t.then ?? []).map((then) => then.target)])
    .filter((target) => target !== undefined).length;

/** Sets the first `target` found in a flow file's JSON (depth first, in the order written) to another step id. */
function retarget(json: unknown, to: string): boolean {
  if (!json || typeof json !== 'object') return false;
  const node = json as Record<string, unknown>;
  if (typeof node.target === 'string') {
    node.target = to;
    return true;
  }
  return Object.values(node).some((value) => retarget(value, to));
}

const ANALYTICS_KEY = 'studio-test-key-0123456789-abcdefghijkl';
const DAY_MS = 86_400_000;

/** `npm run studio` on its own port, reading its flows from flowsDir and its funnel reports from apiUrl; resolves with the URL it prints. */
async function startStudio(flowsDir: string, apiUrl: string): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn('npm', ['run', 'studio', '--', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, FLOWS_DIR: flowsDir, NO_COLOR: '1', STUDIO_API_URL: apiUrl, STUDIO_ANALYTICS_KEY: ANALYTICS_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npm, vite and the bundler's workers stop together.
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the studio printed no URL:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Local:\s+(http:\/\/\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`the studio exited (${code}):\n${output}`)));
  });
  return { url, stop: () => process.kill(-(child.pid as number), 'SIGTERM') };
}

describe.runIf(browserAvailable)('the studio', () => {
  const flowsDir = mkdtempSync(join(tmpdir(), 'claimflow-studio-flows-'));
  cpSync(join(ROOT, 'flows'), flowsDir, { recursive: true });
  const files = readFlowFiles(flowsDir);
  const flows = files.flatMap((f) => f.flows);
  let studio: { url: string; stop: () => void };
  /** The API the studio asks for funnel reports: in this process, on an in-memory database, its clock the walks'. */
  let api: TestServer;
  let apiFront: Server | undefined;
  let apiNow = WALK_START;
  let browser: Browser;
  let open: OpenPage;
  let page: Page;

  const shot = async (name: string) => {
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `studio-${name}.png`) });
  };
  const flowLink = (flow: Flow) =>
    page
      .getByRole('navigation', { name: 'Flows' })
      .getByRole('link')
      .filter({ hasText: flow.routes.join('  ') });
  const graph = (flow: Flow) => page.getByRole('region', { name: `Graph of ${flow.id}` });

  beforeAll(async () => {
    // The API's port is open at once and its requests wait for the app, so the studio starts while the database migrates.
    const starting = makeTestServer({ config: { analyticsKeys: [ANALYTICS_KEY] }, clock: () => apiNow });
    const front = createServer((req, res) => void starting.then((started) => started.app.server.emit('request', req, res)));
    apiFront = front;
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    [api, studio] = await Promise.all([starting, startStudio(flowsDir, `http://127.0.0.1:${(front.address() as AddressInfo).port}`)]);
    browser = await theBrowser();
    open = await openPage(browser, { viewport: DESKTOP });
    page = open.page;
    await page.goto(studio.url);
    // The first page a dev server shows compiles its code: a minute on a busy machine.
    await page
      .getByRole('status')
      .filter({ hasText: `All ${files.length} flow files pass flows:check` })
      .first()
      .waitFor({ timeout: 120_000 });
  }, 300_000);

  afterAll(async () => {
    if (open) await closePage(open);
    studio?.stop();
    apiFront?.close();
    await api?.close();
    rmSync(flowsDir, { recursive: true, force: true });
  });

  it('draws every flow as a graph with a node per step and an edge per transition, each flow checked', async () => {
    expect(flows.length).toBeGreaterThanOrEqual(6);
    for (const flow of flows) {
      await flowLink(flow).click();
      const steps = graph(flow).getByRole('button', { name: /^Step / });
      const edges = graph(flow).getByRole('img', { name: /^(Next|Back|Answer) from / });
      await expect.poll(() => steps.count(), { timeout: 30_000 }).toBe(Object.keys(flow.steps).length);
      await expect.poll(() => edges.count()).toBe(transitionCount(flow));
      const title = flow.steps[flow.initial]?.title ?? 'meta.title';
      const heading = copy('en', title.includes(':') ? title : `${flow.namespace}:${title}`);
      await expect
        .poll(() =>
          graph(flow)
            .getByRole('button', { name: `Step ${flow.initial}: ${heading}` })
            .count(),
        )
        .toBe(1);
    }
    const first = flows[0] as Flow;
    await flowLink(first).click();
    await shot('graph');
    await expectNoAxeViolations(page, 'the graph');
    await page.getByRole('link', { name: 'Copy', exact: true }).click();
    await page.getByRole('table').waitFor();
    await shot('copy');
    await expectNoAxeViolations(page, 'the copy table');
  }, 240_000);

  it("opens a step's preview in English and Spanish, and answers set there lead on in both phones", async () => {
    const flow = flows.find((f) => f.id === 'attorney') as Flow;
    await flowLink(flow).click();
    const heading = (lang: Lang, stepId: string) => {
      const title = flow.steps[stepId]?.title as string;
      return copy(lang, title.includes(':') ? title : `${flow.namespace}:${title}`);
    };
    await graph(flow)
      .getByRole('button', { name: `Step 1: ${heading('en', '1')}` })
      .click();
    const phone = (lang: Lang): FrameLocator => page.frameLocator(`iframe[title^="${lang === 'en' ? 'English' : 'Español'} preview"]`);
    for (const lang of ['en', 'es'] as const) {
      await expect.poll(() => phone(lang).getByRole('heading', { level: 1 }).textContent(), { timeout: 60_000 }).toBe(heading(lang, '1'));
    }
    // Next is disabled until fault and commercial are answered: set both in the studio, then press Next in Spanish.
    const next = (lang: Lang) => phone(lang).getByRole('button', { name: copy(lang, 'common:nav.next') });
    const way = page.getByRole('listitem').filter({ hasText: 'Next to 1.5' });
    await expect.poll(() => next('es').isDisabled(), { timeout: 30_000 }).toBe(true);
    expect(await way.textContent()).toContain('not now');
    await page.getByRole('textbox', { name: 'fault', exact: true }).fill('false');
    await page.getByRole('textbox', { name: 'commercial', exact: true }).fill('true');
    await expect.poll(() => way.textContent()).toContain('goes here now');
    await expect.poll(() => next('en').isEnabled()).toBe(true);
    await shot('preview');
    await expectNoAxeViolations(page, 'the preview');
    await next('es').click();
    for (const lang of ['en', 'es'] as const) await expect.poll(() => phone(lang).getByRole('heading', { level: 1 }).textContent()).toBe(heading(lang, '1.5'));
    expect(page.url()).toMatch(/#\/flow\/attorney\/step\/1\.5$/);
  }, 240_000);

  it('shows the funnel report of stored visits on the graph, and its days and language filter it', async () => {
    const flow = flows.find((f) => f.id === 'attorney') as Flow;
    // Four visits of the attorney funnel's first steps, posted as the browser's step events (seconds on each step).
    const walk = async (n: number, options: { locale?: string; start?: number }, moves: (w: StepWalk) => Promise<unknown>, closeAfter: number) => {
      const visit = `00000000-0000-4000-8000-00000000000${n}`;
      const w = await new StepWalk(flow, { visit, ...options }).open();
      await moves(w);
      w.close(closeAfter);
      apiNow = w.now;
      const { token } = await startedVisit(api.app);
      expect(await postEvents(api.app, token, w.events, w.now)).toEqual([204]);
    };
    await walk(
      1,
      {},
      (w) =>
        w
          .next(2)
          .then(() => w.answer({ fault: false, commercial: true }))
          .then(() => w.next(5)),
      4,
    );
    await walk(2, {}, (w) => w.next(2).then(() => w.back(3)), 1);
    await walk(3, { locale: 'es' }, (w) => w.next(2), 9);
    await walk(4, { start: WALK_START + 9 * DAY_MS }, () => Promise.resolve(), 6);

    // From the preview (which hides the flows) back to a graph.
    await page.getByRole('link', { name: 'Graph', exact: true }).click();
    await flowLink(flow).click();
    const card = (id: string) => graph(flow).getByRole('button', { name: `Step ${id}: ` });
    const edge = (name: string) => graph(flow).getByRole('img', { name: new RegExp(`^${name},`) });
    const report = page.getByRole('region', { name: 'Funnel report' });
    await report.getByRole('button', { name: 'Refresh' }).click();
    // 0: all four reached it, two closed the page there (2 and 3, after Back); 1: three, one went on, one back, one
    // closed it; times on 1 of 5, 3 and 9 s. Three moved 0 → 1, one went back.
    await expect.poll(() => report.getByRole('status').textContent(), { timeout: 30_000 }).toBe('4 visits, 0 completed (0%).');
    await expect.poll(() => card('0').getAttribute('aria-label')).toContain('4 reached, 2 dropped off (50%), median 2.5 s on the step, 0 completed');
    await expect.poll(() => card('1').getAttribute('aria-label')).toContain('3 reached, 1 dropped off (33.3%), median 5 s on the step, 0 completed');
    expect(await card('1').textContent()).toContain('33.3%');
    await expect.poll(() => edge('Next from 0 to 1').getAttribute('aria-label')).toContain('taken by 3 visits');
    expect(await edge('Back from 1 to 0').getAttribute('aria-label')).toContain('taken by 1 visit');
    await shot('report');
    await expectNoAxeViolations(page, 'the funnel report');

    // The visitors who started in Spanish: the third only, who closed the page on 1 after 9 s.
    await report.getByRole('combobox', { name: 'Visitors' }).selectOption('es');
    await expect.poll(() => card('1').getAttribute('aria-label')).toContain('1 reached, 1 dropped off (100%), median 9 s on the step');
    await expect.poll(() => edge('Next from 0 to 1').getAttribute('aria-label')).toContain('taken by 1 visit');
    expect(await edge('Back from 1 to 0').getAttribute('aria-label')).toContain('taken by 0 visits');

    // All languages from 5 June (UTC): the fourth visit only, which never left 0.
    await report.getByRole('combobox', { name: 'Visitors' }).selectOption('');
    await report.getByRole('textbox', { name: 'From', exact: true }).fill('2026-06-05');
    await expect.poll(() => card('0').getAttribute('aria-label')).toContain('1 reached, 1 dropped off (100%), median 6 s on the step');
    expect(await card('1').textContent()).toContain('No visit reached this step');
    expect(await edge('Next from 0 to 1').getAttribute('aria-label')).toContain('taken by 0 visits');
    expect(await report.getByRole('status').textContent()).toBe('1 visit, 0 completed (0%).');
  }, 120_000);

  it('shows a problem as soon as a flow file is broken on disk, and its check mark once it is mended', async () => {
    const flow = flows[0] as Flow;
    const file = join(flowsDir, (files.find((f) => f.flows.includes(flow)) as { file: string }).file.replace(/^flows\//, ''));
    const good = readFileSync(file, 'utf8');
    await page.getByRole('link', { name: 'Graph', exact: true }).click();
    await flowLink(flow).click();
    await graph(flow)
      .getByRole('button', { name: /^Step / })
      .first()
      .waitFor();

    writeFileSync(file, good.replace(/\}\s*$/, ''));
    const [problem] = readFlowFiles(flowsDir).flatMap((f) => f.problems);
    expect(problem).toBeDefined();
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 }).toBe(`1 problem in 1 of ${files.length} files`);
    // The watcher may first read the file half-written (empty): the studio ends on the problem of the file as it is.
    await expect.poll(() => page.getByRole('navigation', { name: 'Flows' }).textContent(), { timeout: 30_000 }).toContain(problem?.message);
    // The graph stays, as the file last was, under the problem.
    expect(await page.getByRole('region', { name: /problem from flows:check/ }).textContent()).toContain(`${problem?.file}: ${problem?.pointer}`);
    expect(
      await graph(flow)
        .getByRole('button', { name: /^Step / })
        .count(),
    ).toBe(Object.keys(flow.steps).length);
    await shot('problem');
    await expectNoAxeViolations(page, 'a broken flow');

    writeFileSync(file, good);
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 }).toBe(`All ${files.length} flow files pass flows:check`);
  });

  it('marks in red the steps a problem is about: a transition to a step that does not exist, and the step it left unreachable', async () => {
    const flow = flows[0] as Flow;
    const file = join(flowsDir, (files.find((f) => f.flows.includes(flow)) as { file: string }).file.replace(/^flows\//, ''));
    const good = readFileSync(file, 'utf8');
    // The first transition the file writes leads nowhere now.
    const json = JSON.parse(good) as unknown;
    expect(retarget(json, '99')).toBe(true);
    writeFileSync(file, JSON.stringify(json, null, 2));
    const problems = readFlowFiles(flowsDir)
      .flatMap((f) => f.problems)
      .filter((p) => p.file === `flows/${basename(file)}`);
    const onSteps = problems.filter((p) => /^\/steps\/[^/]+/.test(p.pointer));
    expect(onSteps.map((p) => p.message)).toEqual(expect.arrayContaining(['targets unknown step "99"']));
    const count = `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 }).toBe(`${count} in 1 of ${files.length} files`);
    for (const problem of onSteps) {
      const card = graph(flow).getByRole('button', { name: `Step ${problem.pointer.split('/')[2]}: ` });
      await expect.poll(() => card.getAttribute('aria-label')).toContain(problem.message);
    }
    await shot('unreachable');
    writeFileSync(file, good);
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 }).toBe(`All ${files.length} flow files pass flows:check`);
  });
});
