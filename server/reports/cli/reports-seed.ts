// npm run reports:seed -- --count N [--days 30] [--seed S] [--demo] [--out FILE]: synthetic reports into the configured
// database through the import's COPY path (the same seed again replaces the same reports), or into a file to import.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { importReports } from '../bulk-import.ts';
import { csvHeader, csvLine } from '../report-csv.ts';
import type { ReportInput } from '../report-input.ts';
import { syntheticReports } from '../synthetic/synthetic-reports.ts';
import { cliCommand, UsageError, withConfiguredDb } from '../../cli.ts';
import { progressLine, summaryOf } from './progress.ts';

const USAGE = 'usage: npm run reports:seed -- --count N [--days 30] [--seed S] [--demo] [--out FILE.ndjson|FILE.csv]';

/** Writes the reports as NDJSON or CSV (by the name's ending); returns how many. */
async function writeFile(file: string, reports: Iterable<ReportInput>): Promise<number> {
  const csv = /\.csv$/i.test(file);
  if (!csv && !/\.(ndjson|jsonl)$/i.test(file)) throw new UsageError(`--out ${file}: the name must end in .csv, .ndjson or .jsonl`);
  const out = createWriteStream(file);
  let n = 0;
  if (csv) out.write(csvHeader());
  for (const report of reports) {
    n += 1;
    if (!out.write(csv ? csvLine(report) : `${JSON.stringify(report)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return n;
}

export const reportsSeedCommand = cliCommand('reports:seed', import.meta, async ({ args, env, err }) => {
  const { values } = parseArgs({
    args,
    options: {
      count: { type: 'string' },
      days: { type: 'string', default: '30' },
      seed: { type: 'string', default: 'seed' },
      demo: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const count = Number(values.count);
  const days = Number(values.days);
  if (!Number.isInteger(count) || count < 1) throw new UsageError(`--count must be a whole number of reports\n${USAGE}`);
  if (!Number.isInteger(days) || days < 1) throw new UsageError(`--days must be a whole number of days\n${USAGE}`);
  const started = performance.now();
  const reports = await syntheticReports({ count, days, seed: values.seed, source: values.demo ? 'demo' : 'synthetic', now: Date.now() });
  if (values.out !== undefined) {
    const written = await writeFile(values.out, reports);
    err.write(`${written.toLocaleString('en-US')} reports written to ${values.out} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  }
  const progress = progressLine(err);
  const summary = await withConfiguredDb(env, (db) => importReports(db, reports, { demo: values.demo, onProgress: (p) => progress.update(p, p.read / count) }));
  progress.end();
  err.write(summaryOf(summary, performance.now() - started));
  return summary.rejected > 0 ? 2 : 0;
});
