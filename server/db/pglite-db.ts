// The embedded database: PGlite (PostgreSQL in WebAssembly) persisted in a directory, or in memory.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { copySql, type Db, type Queryable, type Session } from './db.ts';

/** Opens PGlite in <dataDir>/pglite (created when missing); `memory://` keeps everything in memory. */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = resolve(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
  }
  return pgliteDb(await PGlite.create(location));
}

/**
 * Wraps an open PGlite. PGlite is one connection that queues every query behind a running transaction, so this is safe
 * under concurrency, and a connection of the Db is PGlite itself.
 */
export function pgliteDb(pg: PGlite): Db {
  return {
    kind: 'pglite',
    schema: 'public',
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    connect: (fn) => fn({ ...session(pg), transaction: (work) => pg.transaction((tx) => work(session(tx))) }),
    close: () => pg.close(),
  };
}

/**
 * The one way parameters reach PGlite, in a transaction or not: its query(), which writes each by its type. Its public
 * API prepares nothing, so each call parses and plans its statement: a search costs about twice what it did prepared,
 * and transactions (every write) never ran prepared statements.
 */
function queryable(pg: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const { rows } = await pg.query<T>(sql, params);
      return { rows };
    },
  };
}

/** Scripts run by exec(), the only call that accepts several statements; COPY reads its rows from the /dev/blob device. */
function session(pg: PGlite | Transaction): Session {
  return {
    ...queryable(pg),
    async exec(script) {
      return { rows: (await pg.exec(script)).at(-1)?.rows ?? [] };
    },
    async copyRows(table, columns, data) {
      await pg.query(copySql(table, columns, "'/dev/blob'"), [], { blob: new Blob([data]) });
    },
  };
}
