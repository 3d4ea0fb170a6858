// A migrated PGlite made once per set of migrations and kept in the temp directory, for every test process of a run (and
// the next runs) to start from: a new PGlite runs initdb, and a test database or server then every migration, which
// took most of each test server's start (one fresh start 21-40 s beside 12-17 s from a copy, on a loaded machine).
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import type { Db } from '../../server/db/db.ts';
import { openPgliteDb, pgliteDb } from '../../server/db/pglite-db.ts';

/** What the template depends on: PGlite's version and the migrations' names and text. */
function templateKey(): string {
  const hash = createHash('sha256').update(readFileSync(join(import.meta.dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

const KEY = templateKey();
const IMAGE = join(tmpdir(), `claimflow-pglite-${KEY}.tar`);
const DIRECTORY = join(tmpdir(), `claimflow-pglite-${KEY}`);

/** Writes a file or folder under a temporary name, then renames it: two processes making it at once both succeed. */
function publish(path: string, write: (temporary: string) => void | Promise<void>): Promise<void> | void {
  if (existsSync(path)) return;
  const temporary = `${path}.${randomBytes(6).toString('hex')}`;
  const done = () => {
    try {
      renameSync(temporary, path);
    } catch {
      rmSync(temporary, { recursive: true, force: true });
    }
  };
  const written = write(temporary);
  return written instanceof Promise ? written.then(done) : done();
}

/** The migrated database's files as PGlite dumps them (a tar), made on first use. */
async function migratedImage(): Promise<Blob> {
  await publish(IMAGE, async (temporary) => {
    const pg = await PGlite.create('memory://');
    const db = pgliteDb(pg);
    await migrate(db);
    const dump = await pg.dumpDataDir('none');
    await db.close();
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  });
  return new Blob([readFileSync(IMAGE)]);
}

/** A migrated, empty PGlite in memory. */
export async function migratedPglite(): Promise<PGlite> {
  return PGlite.create('memory://', { loadDataDir: await migratedImage() });
}

/** Fills a server's data directory (server/db/pglite-db.ts keeps PGlite in <dataDir>/pglite) with a migrated, empty database. */
export async function fillMigratedDataDir(dataDir: string): Promise<void> {
  await publish(DIRECTORY, async (temporary) => {
    const pg = await PGlite.create(temporary, { loadDataDir: await migratedImage() });
    await pg.close();
  });
  cpSync(DIRECTORY, join(dataDir, 'pglite'), { recursive: true });
}

/** A new data directory holding a migrated, empty database, opened: for a suite to fill before its server starts on it. */
export async function openMigratedDataDir(prefix: string): Promise<{ dataDir: string; db: Db }> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  await fillMigratedDataDir(dataDir);
  return { dataDir, db: await openPgliteDb(dataDir) };
}
