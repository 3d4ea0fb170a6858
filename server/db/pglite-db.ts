// The embedded database: PGlite (PostgreSQL in WebAssembly) persisted in a directory, or in memory.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parse, PGlite, protocol, types, type Transaction } from '@electric-sql/pglite';
import { copySql, registerBulkSession, type CopyQueryable } from './bulk-session.ts';
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

interface Prepared {
  name: string;
  /** The type of each parameter, as the server inferred it: how its value is written. */
  paramTypes: number[];
}

/**
 * Runs each statement prepared once under a name of its text, as the pg pool does (server/db/pg-db.ts): PGlite's own
 * query() parses and plans a statement on every call, which costs more than running it for the lead statement. Waits,
 * as query() does, for a running transaction to end.
 */
function preparedQuery(pg: PGlite) {
  const { serialize } = protocol;
  const statements = new Map<string, Prepared>();
  const prepare = async (sql: string): Promise<Prepared> => {
    const name = `claimflow_${statements.size + 1}`;
    const { messages } = await pg.execProtocol(
      Buffer.concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const description = messages.find((m) => m instanceof protocol.messages.ParameterDescriptionMessage);
    const prepared = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(sql, prepared);
    return prepared;
  };
  return async <T>(sql: string, params: unknown[] = []) => {
    // As query(): a closed database says so, and a query waits behind a transaction begun before it.
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const { name, paramTypes } = statements.get(sql) ?? (await prepare(sql));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          // As query() writes a value: by its parameter's type, else as text.
          return (pg.serializers[paramTypes[i]!] ?? pg.serializers[types.TEXT]!)(value);
        });
        const { messages } = await pg.execProtocol(
          Buffer.concat([
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        return { rows: (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[] };
      }),
    );
  };
}

/** One statement with its parameters, or a script of several statements without any; the last one's rows. */
export type ScriptRunner = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

const scriptRunners = new WeakMap<Db, ScriptRunner>();

/**
 * Runs statements of a library that brings its own SQL (the job queue, pg-boss) on the PGlite behind db; undefined for
 * another Db. A script runs in a transaction of its own, so one that fails halfway (pg-boss's `BEGIN; …; COMMIT;`) is
 * rolled back whole instead of leaving PGlite's one connection in a failed transaction for every query after it.
 */
export function pgliteScriptRunner(db: Db): ScriptRunner | undefined {
  return scriptRunners.get(db);
}

/** Wraps an open PGlite. PGlite queues every query behind a running transaction, so this is safe under concurrency. */
export function pgliteDb(pg: PGlite): Db {
  const db: Db = {
    kind: 'pglite',
    schema: 'public',
    query: preparedQuery(pg),
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
  // A BEGIN inside PGlite's transaction is only a warning, and its COMMIT ends that transaction early: harmless.
  scriptRunners.set(db, async (text, values) =>
    values && values.length > 0 ? pg.query(text, values) : { rows: (await pg.transaction((tx) => tx.exec(text))).at(-1)?.rows ?? [] },
  );
  registerBulkSession(db, (fn) =>
    fn({
      ...copyQueryable(pg),
      // PGlite is one connection: a transaction of its own keeps other queries out until it ends.
      transaction: (work) => pg.transaction((tx) => work(copyQueryable(tx))),
    }),
  );
  return db;
}

/** Queries and COPY on PGlite or one of its transactions: COPY reads its rows from the /dev/blob device. */
function copyQueryable(pg: PGlite | Transaction): CopyQueryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const { rows } = await pg.query<T>(sql, params);
      return { rows };
    },
    async copyRows(table, columns, data) {
      await pg.query(copySql(table, columns, "'/dev/blob'"), [], { blob: new Blob([data]) });
    },
  };
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
