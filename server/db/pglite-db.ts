// The embedded database: PGlite (PostgreSQL in WebAssembly) persisted in a directory, or in memory.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from './db.ts';
import { registerMigrationClient, type MigrationClient } from './migration-client.ts';

/** Opens PGlite in <dataDir>/pglite (created when missing); `memory://` keeps everything in memory. */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = resolve(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
  }
  return pgliteDb(await PGlite.create(location));
}

/** Wraps an open PGlite. PGlite queues every query behind a running transaction, so this is safe under concurrency. */
export function pgliteDb(pg: PGlite): Db {
  const db: Db = {
    kind: 'pglite',
    schema: 'public',
    async query<T>(sql: string, params?: unknown[]) {
      const { rows } = await pg.query<T>(sql, params);
      return { rows };
    },
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          async query<T>(sql: string, params?: unknown[]) {
            const { rows } = await tx.query<T>(sql, params);
            return { rows };
          },
        }),
      ),
    close: () => pg.close(),
  };
  registerMigrationClient(db, (fn) => fn(migrationClient(pg)));
  return db;
}

/** Statements without parameters may hold several commands (a migration file), which only exec() accepts. */
function migrationClient(pg: PGlite): MigrationClient {
  return {
    async query(textOrConfig, values) {
      const text = typeof textOrConfig === 'string' ? textOrConfig : textOrConfig.text;
      const params = values ?? (typeof textOrConfig === 'string' ? undefined : textOrConfig.values);
      if (params && params.length > 0) {
        const { rows } = await pg.query(text, params);
        return { rows, rowCount: rows.length };
      }
      const results = await pg.exec(text);
      const rows = results.at(-1)?.rows ?? [];
      return { rows, rowCount: rows.length };
    },
  };
}
