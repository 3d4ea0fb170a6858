// npm run reports:key -- --label NAME: makes a feed's key for POST /api/reports, stores its hash, prints it once.
import { parseArgs } from 'node:util';
import { createIngestKey } from '../ingest-keys.ts';
import { runCli, UsageError, withConfiguredDb } from './cli-db.ts';

runCli('reports:key', async () => {
  const { values } = parseArgs({ options: { label: { type: 'string' } } });
  const label = values.label?.trim();
  if (!label) throw new UsageError('usage: npm run reports:key -- --label NAME (who the key is for, e.g. tx-cris)');
  const key = await withConfiguredDb((db) => createIngestKey(db, label));
  process.stderr.write(`A new key for "${label}". It is shown this once; only its hash is stored. Send it as Authorization: Bearer <key>\n`);
  process.stdout.write(`${key}\n`);
  return 0;
});
