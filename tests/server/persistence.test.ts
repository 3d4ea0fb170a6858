// PGlite in DATA_DIR keeps its data across a restart, and migrations run once whatever the number of starts.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { openDb } from '../../server/db/open-db.ts';
import { getLead } from '../../server/store/leads.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { calcLeadBody } from '../testing/lead-bodies.ts';
import { verifyTestPhone } from '../testing/requests.ts';
import { openTestDb, STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

/** Every migration file's name, in the order they run. */
const ALL_MIGRATIONS = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => f.slice(0, -4))
  .sort();

describe('PGlite in DATA_DIR', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'claimflow-data-')), 'not-yet-created');
  });
  afterAll(() => rm(join(dataDir, '..'), { recursive: true, force: true }));

  it(
    'keeps a lead across a restart and migrates only once',
    async () => {
      const config = testConfig({ dataDir, testPhone: '+12025550199' });

      const first = await openDb(config);
      expect(first.kind).toBe('pglite');
      expect(await migrate(first)).toEqual(ALL_MIGRATIONS);
      const app = await buildApp({ config, db: first, sms: recordingSms() });
      const cookie = await verifyTestPhone(app, '+12025550199');
      const res = await app.inject({ method: 'POST', url: '/api/leads/create/calc?calc_id=c1', headers: { cookie }, payload: calcLeadBody('(202) 555-0199') });
      expect(res.statusCode).toBe(200);
      const { lead } = res.json<{ lead: { id: number } }>();
      await app.close();
      await first.close();

      const second = await openDb(config);
      expect(await migrate(second)).toEqual([]);
      expect(await getLead(second, lead.id)).toEqual(lead);
      const { rows } = await second.query<{ name: string }>('SELECT name FROM pgmigrations');
      expect(rows.map((r) => r.name)).toEqual(ALL_MIGRATIONS);
      await second.close();
    },
    STARTUP_MS,
  );
});

describe.each(testDbKinds)('migrations on %s', (kind) => {
  it(
    'are idempotent and create every table',
    async () => {
      const testDb = await openTestDb(kind);
      const { db } = testDb;
      try {
        expect(await migrate(db)).toEqual([]);
        const { rows } = await db.query<{ table_name: string }>(
          'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
          [db.schema],
        );
        // Each migration's tables; other migrations may add their own.
        expect(rows.map((r) => r.table_name)).toEqual(
          expect.arrayContaining([
            'leads',
            'pgmigrations',
            'phone_verifications',
            'sms_codes',
            'tcpa_consents',
            'consent_records',
            'consent_texts',
            'idempotency_keys',
          ]),
        );
      } finally {
        await testDb.close();
      }
    },
    STARTUP_MS,
  );
});
