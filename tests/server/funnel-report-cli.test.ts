// `npm run funnel:report` on the server's database (PGlite in DATA_DIR): the report of the stored step events as a
// table per version and variant, or as JSON (what GET /api/analytics/funnel answers); mistakes named, exit 1.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { funnelReportCommand } from '../../server/analytics/cli/funnel-report.ts';
import { funnelReport } from '../../server/analytics/funnel-report.ts';
import { storeEvents } from '../../server/analytics/store-events.ts';
import { MAX_VISIT_EVENTS } from '../../server/analytics/visit-tokens.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { loadFlow } from '../testing/flows.ts';
import { eventBatch, rowsOf, StepWalk } from '../testing/step-walks.ts';
import { runCommand } from '../testing/cli.ts';
import { STARTUP_MS } from '../testing/test-db.ts';

const calculator = loadFlow('calculator');
const VISITS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];

describe('npm run funnel:report', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'claimflow-funnel-report-'));
  const report = (...args: string[]) => runCommand(funnelReportCommand, args, { DATA_DIR: dataDir });
  let walks: StepWalk[];

  beforeAll(async () => {
    walks = await Promise.all(VISITS.map((visit, i) => new StepWalk(calculator, { visit, locale: i === 2 ? 'es' : 'en' }).open()));
    await walks[0]
      ?.next(4)
      .then((w) => w.answer({ fault: false, commercial: false }))
      .then((w) => w.next(6));
    await walks[1]?.next(2);
    for (const walk of walks) walk.close(3);
    const db = await openPgliteDb(dataDir);
    try {
      await migrate(db);
      for (const [i, walk] of walks.entries()) await storeEvents(db, VISITS[i] ?? '', eventBatch('', walk.events, walk.now), walk.now, MAX_VISIT_EVENTS);
    } finally {
      await db.close();
    }
  }, STARTUP_MS);

  it('prints each step in the funnel order with its visits, moves and drop-off', async () => {
    const out = await report('--flow', 'calculator');
    expect([out.status, out.stderr]).toEqual([0, '']);
    const lines = out.stdout.split('\n');
    expect(lines[0]).toBe('calculator version 1: 3 visits, 0 completed (0.0%), from the first day to today (UTC), all languages');
    expect(lines[1]?.split(/\s{2,}/)).toEqual(['step', 'reached', 'forward', 'back', 'dropped', 'ended', 'drop-off', 'median time', 'completed']);
    // 0: two went on, one closed the page there after 3 s; 1: one went on after 6 s, one closed it after 3 s.
    expect(lines[2]?.split(/\s{2,}/)).toEqual(['0', '3', '2', '0', '1', '0', '33.3%', '3.0 s', '0']);
    expect(lines[3]?.split(/\s{2,}/)).toEqual(['1', '2', '1', '0', '1', '0', '50.0%', '4.5 s', '0']);
    expect(lines[4]?.split(/\s{2,}/)).toEqual(['1.75', '1', '0', '0', '1', '0', '100.0%', '3.0 s', '0']);
    expect(lines[5]?.split(/\s{2,}/)).toEqual(['2', '0', '0', '0', '0', '0', '-', '-', '0']);
    expect(lines.at(-2)).toBe('moves (visits): 0 -> 1: 2, 1 -> 1.75: 1');
  });

  it('prints as JSON what the API answers, for a date range and a language', async () => {
    const out = await report('--flow', 'calculator', '--since', '2026-06-01', '--until', '2026-06-01', '--lang', 'en', '--json');
    expect(out.status).toBe(0);
    const day = Date.UTC(2026, 5, 1);
    const rows = walks.flatMap((walk, i) => rowsOf(VISITS[i] ?? '', walk.events));
    const declined = { report: 0, noCall: 0, info: 0, hasLawyer: 0, other: 0, none: 0 };
    expect(JSON.parse(out.stdout)).toEqual({ ...funnelReport(calculator, rows, { since: day, until: day + 86_400_000, lang: 'en' }), declined });
    expect((await report('--flow', 'calculator', '--since', '2026-06-02')).stdout).toBe(
      'calculator: no visits from 2026-06-02 to today (UTC), all languages\n',
    );
  });

  it.each([
    [[], /^usage: npm run funnel:report -- --flow ID/],
    [['--flow', 'nope'], /^no flow "nope" in flows\//],
    [['--flow', 'calculator', '--until', '2026-13-01'], /^until must be a day, YYYY-MM-DD \(got "2026-13-01"\)/],
    [['--flow', 'calculator', '--lang', 'fr'], /^--lang must be en or es/],
    [['--flow', 'calculator', '--since', '2026-06-02', '--until', '2026-06-01'], /^until must not be before since/],
    [['--flow', 'calculator', '--nope'], /Unknown option '--nope'/],
  ])('refuses %j, saying why (exit 1)', async (args, message) => {
    const out = await report(...args);
    expect([out.status, out.stdout]).toEqual([1, '']);
    expect(out.stderr).toMatch(message);
  });
});
