// Each feature folder of server/ owns its tables (docs/architecture.md, "Where the SQL lives"): only its files insert,
// update or delete their rows; another folder that needs a change there calls the owner's function (privacy/ and
// retention/ own no table: they call the owners' erase and purge functions). Reading another folder's table in a join
// is allowed, and so is jobs/claims.ts, the claim every per-row worker uses on the table its owner names. This test
// reads every statement of server/ that names its table, and the tables of a migrated database.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/test-db.ts';

const SERVER = join(import.meta.dirname, '..', '..', 'server');

/** Every table of the migrated schema, by the folder of server/ that owns it. */
const OWNERS: Record<string, string[]> = {
  store: [
    'leads',
    'lead_type_calls',
    'consent_records',
    'consent_texts',
    'tcpa_consents',
    'phone_verifications',
    'sms_codes',
    'spent_challenges',
    'blacklisted_phones',
    'idempotency_keys',
    'flow_versions',
    'server_secrets',
  ],
  certificates: ['consent_certificates'],
  limits: ['limit_events'],
  reports: ['reports', 'report_ids', 'report_ingest_keys'],
  alerts: ['alerts', 'alert_texts', 'alert_endings'],
  delivery: ['deliveries', 'delivery_attempts', 'sponsor_endpoints_off'],
  sms: ['sms_stops', 'sms_unsubscribe_tokens'],
  analytics: ['funnel_events'],
  db: ['pgmigrations'],
};
const ownerOf = new Map(Object.entries(OWNERS).flatMap(([folder, tables]) => tables.map((table) => [table, folder] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name === 'migrations' ? [] : sourceFiles(join(dir, entry.name))) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The tables a file's SQL writes: INSERT INTO, UPDATE and DELETE FROM a named table (keywords in capitals, as all our SQL is). */
function writtenTables(text: string): string[] {
  return [...text.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)/g)].map((m) => m[1]!);
}

describe('the SQL of server/', () => {
  it('writes each table only from the folder that owns it', () => {
    const strays: string[] = [];
    for (const file of sourceFiles(SERVER)) {
      const folder = relative(SERVER, file).split(sep)[0]!;
      for (const table of new Set(writtenTables(readFileSync(file, 'utf8')))) {
        if (ownerOf.get(table) !== folder) strays.push(`${relative(SERVER, file)} writes ${table} (owned by ${ownerOf.get(table) ?? 'nobody'})`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('names an owner for every table of the migrated schema, and no table it does not have', async () => {
    const testDb = await openTestDb('pglite');
    try {
      const { rows } = await testDb.db.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      expect([...ownerOf.keys()].sort()).toEqual(rows.map((r) => r.name));
    } finally {
      await testDb.close();
    }
  });
});
