// npm run reports:import -- FILE: a .csv or .ndjson (.jsonl) file of reports into the configured database through
// COPY, with a progress bar and a summary; exit 0 when every report was stored, 2 when some were rejected.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { importReports } from '../bulk-import.ts';
import { csvRecords, ndjsonRecords } from '../report-file.ts';
import { cliCommand, UsageError, withConfiguredDb } from '../../cli.ts';
import { progressLine, summaryOf } from './progress.ts';

export const reportsImportCommand = cliCommand('reports:import', import.meta, async ({ args, env, err }) => {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const [file] = positionals;
  if (positionals.length !== 1 || !file) throw new UsageError('usage: npm run reports:import -- FILE (.csv, .ndjson or .jsonl; see docs/reports.md)');
  const csv = /\.csv$/i.test(file);
  if (!csv && !/\.(ndjson|jsonl)$/i.test(file)) throw new UsageError(`${file}: the name must end in .csv, .ndjson or .jsonl`);
  const size = (await stat(file)).size;
  const started = performance.now();
  const input = createReadStream(file, { highWaterMark: 1 << 20 });
  const records = csv ? csvRecords(input) : ndjsonRecords(input);
  const progress = progressLine(err);
  const summary = await withConfiguredDb(env, (db) =>
    importReports(db, records, { onProgress: (p) => progress.update(p, size === 0 ? 1 : input.bytesRead / size) }),
  );
  progress.end();
  err.write(summaryOf(summary, performance.now() - started));
  return summary.rejected > 0 ? 2 : 0;
});
