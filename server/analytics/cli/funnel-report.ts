// `npm run funnel:report -- --flow ID [--since DAY] [--until DAY] [--lang en|es] [--json]`: a flow's funnel report
// from the server's database (stop the server first on PGlite), per version and variant (an A/B test's arms with their
// completion rates' 95% intervals and a sample-size warning), each step in the funnel's order; --json prints what GET
// /api/analytics/funnel answers.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { cliCommand, UsageError, withConfiguredDb } from '../../cli.ts';
import type { FunnelReport } from '../funnel-report.ts';
import { reportOfFlow } from '../report-of-flow.ts';

const USAGE = 'usage: npm run funnel:report -- --flow ID [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--lang en|es] [--json]';

const percent = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);

/** Columns padded to their widest cell, the numbers right-aligned. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The report as people read it: a heading per version and variant, a row per step, then the moves between steps. */
export function reportText(report: FunnelReport): string {
  const range = `${report.since ?? 'the first day'} to ${report.until ?? 'today'} (UTC), ${report.lang === null ? 'all languages' : `language ${report.lang}`}`;
  const declined = report.declined && Object.entries(report.declined).filter(([, n]) => n > 0);
  const reasons = declined?.length ? `declined a call: ${declined.map(([reason, n]) => `${reason} ${n}`).join(', ')}\n` : '';
  if (report.groups.length === 0) return `${report.flow}: no visits from ${range}\n${reasons}`;
  return `${report.groups
    .map((group) => {
      // An A/B test's arms, compared: each rate with its interval.
      const interval =
        group.neededVisits !== null &&
        group.completionInterval &&
        `, 95% CI ${percent(group.completionInterval.low)} to ${percent(group.completionInterval.high)}`;
      const heading = `${report.flow} version ${group.version}${group.variant ? `, variant ${group.variant}` : ''}: ${group.visits} visits, ${group.completions} completed (${percent(group.completionRate)}${interval || ''}), from ${range}`;
      const warning = group.tooFewVisits
        ? `\nwarning: too few visits to compare variants: ${group.visits} of the ${group.neededVisits} each needs to tell a 5-point difference in completion rate (80% power, 5% level)`
        : '';
      const steps = table([
        ['step', 'reached', 'forward', 'back', 'dropped', 'ended', 'drop-off', 'median time', 'completed'],
        ...group.steps.map((s) => [
          s.step,
          String(s.reached),
          String(s.forward),
          String(s.back),
          String(s.dropped),
          String(s.ended),
          percent(s.dropOffRate),
          s.medianSeconds === null ? '-' : `${s.medianSeconds.toFixed(1)} s`,
          String(s.completions),
        ]),
      ]);
      const moves = group.moves.map((m) => `${m.from} -> ${m.to}: ${m.visits}`).join(', ');
      return `${heading}${warning}\n${steps}\nmoves (visits): ${moves || 'none'}\n`;
    })
    .join('\n')}${reasons}`;
}

export const funnelReportCommand = cliCommand('funnel:report', import.meta, async ({ args, env, out }) => {
  const options = {
    flow: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    lang: { type: 'string' },
    json: { type: 'boolean' },
  } as const;
  let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
  try {
    values = parseArgs({ args, options }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { flow, since, until, lang, json } = values;
  if (flow === undefined) throw new UsageError(USAGE);
  if (lang !== undefined && lang !== 'en' && lang !== 'es') throw new UsageError(`--lang must be en or es\n${USAGE}`);
  const report = await withConfiguredDb(env, (db) => reportOfFlow(db, loadConfig(env).flowsDir, { flow, since, until, lang }));
  if ('problem' in report) throw new UsageError(report.problem);
  out.write(json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report));
  return 0;
});
