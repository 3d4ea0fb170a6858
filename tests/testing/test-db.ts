// Databases for tests: a migrated empty one on PGlite or a throwaway PostgreSQL schema, one whose every statement fails,
// and row counts.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPgDb } from '../../server/db/pg-db.ts';
import { openPgliteDb, pgliteDb } from '../../server/db/pglite-db.ts';
import { REQUEST_POLICIES } from '../../server/limits/policies.ts';
import { migratedPglite } from './pglite-template.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const testDbKinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * PGlite alone, for files whose behaviour does not depend on the database: HTTP, validation, copy, PDFs, logs, and the
 * replays of floods and guessing. The statements they run are checked on both databases by the files of the store, the
 * limits, the jobs and the reports (testDbKinds), which are the ones where SQL, locks and the driver differ.
 */
export const appDbKinds: TestDbKind[] = ['pglite'];

export interface TestDb {
  db: Db;
  /** Closes the db; for PostgreSQL also drops the test's schema. */
  close(): Promise<void>;
}

/** A migrated, empty database: in-memory PGlite (from the run's template), or a fresh schema on TEST_DATABASE_URL. */
export async function openTestDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = pgliteDb(await migratedPglite());
    return { db, close: () => db.close() };
  }
  const testDb = await unmigratedDb(kind);
  await migrate(testDb.db);
  return testDb;
}

/** An empty database with no migration run: in-memory PGlite, or a schema on TEST_DATABASE_URL that is not there yet. */
export async function unmigratedDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openPgliteDb('memory://');
    return { db, close: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `cf_test_${randomBytes(6).toString('hex')}`;
  const db = openPgDb(url, { schema, max: 4 });
  return {
    db,
    async close() {
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    },
  };
}

/** Timeout for hooks and tests that start a database: PGlite takes seconds to start, more under parallel load. */
export const STARTUP_MS = 60_000;

/** A database whose every statement fails with error (by default one quoting SQL and a phone, as drivers' errors do). */
export function brokenDb(error: () => Error = sqlError): Db {
  return {
    kind: 'pglite',
    schema: 'public',
    query: () => Promise.reject(error()),
    transaction: () => Promise.reject(error()),
    connect: () => Promise.reject(error()),
    close: () => Promise.resolve(),
  };
}

function sqlError(): Error {
  return Object.assign(new Error('relation "leads" does not exist: SELECT id FROM leads WHERE phone = $1'), {
    severity: 'ERROR',
    code: '42P01',
    detail: 'Key (phone)=(+12025550123) already exists.',
    params: ['+12025550123', 'jane.roe@example.com'],
    query: 'SELECT id FROM leads WHERE phone = $1',
  });
}

/** Row counts of every table of db's schema (but the migrations' own), in one query. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  return (await rowCounter(db))();
}

/**
 * tableCounts with the tables looked up once: for loops that count after every request. limit_events leaves out the
 * per-address request counts, which every request adds to (what the routes write is what is counted).
 */
export async function rowCounter(db: Db): Promise<() => Promise<Record<string, number>>> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> 'pgmigrations' ORDER BY table_name`,
    [db.schema],
  );
  const requests = REQUEST_POLICIES.map((policy) => `'${policy}'`).join(', ');
  const where = (table: string) => (table === 'limit_events' ? ` WHERE split_part(subject, ' ', 1) NOT IN (${requests})` : '');
  const sql = `SELECT ${tables.map((t) => `(SELECT count(*)::int FROM "${t.table_name}"${where(t.table_name)}) AS "${t.table_name}"`).join(', ')}`;
  return async () => (await db.query<Record<string, number>>(sql)).rows[0] ?? {};
}

/**
 * Leads whose consent record is missing or is not theirs (another phone or verification, not a lead's kind): should be
 * 0 over the whole table, whatever a suite did.
 */
export async function leadsWithoutTheirConsent(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM leads l LEFT JOIN consent_records c ON c.id = l.consent_record_id
     WHERE c.id IS NULL OR c.kind NOT IN ('lead', 'legacy') OR c.phone <> l.phone
       OR c.verification_id IS DISTINCT FROM l.verification_id`,
  );
  return rows[0]?.n ?? -1;
}
