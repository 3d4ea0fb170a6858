// npm run reports:key -- --label NAME: makes a feed's key for POST /api/reports, stores its hash, prints it once.
import { parseArgs } from 'node:util';
import { createIngestKey } from '../ingest-keys.ts';
import { cliCommand, UsageError, withConfiguredDb } from '../../cli.ts';

export const reportsKeyCommand = cliCommand('reports:key', import.meta, async ({ args, env, out, err }) => {
  const { values } = parseArgs({ args, options: { label: { type: 'string' } } });
  const label = values.label?.trim();
  if (!label) throw new UsageError('usage: npm run reports:key -- --label NAME (who the key is for, e.g. tx-cris)');
  const key = await withConfiguredDb(env, (db) => createIngestKey(db, label));
  err.write(`A new key for "${label}". It is shown this once; only its hash is stored. Send it as Authorization: Bearer <key>\n`);
  out.write(`${key}\n`);
  return 0;
});
