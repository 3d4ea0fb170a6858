// The embedded database: PGlite (PostgreSQL in WebAssembly) persisted in a directory, or in memory.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parse, PGlite, protocol, types, type Transaction } from '@electric-sql/pglite';
import { copySql, type Db, type Queryable, type QueryResult, type Session } from './db.ts';

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
 * under concurrency, and a connection of the Db is PGlite itself. Every statement with parameters runs prepared
 * (preparedQuery), in a transaction: the caller's, or one of its own.
 */
export function pgliteDb(pg: PGlite): Db {
  const prepared = preparedQuery(pg);
  const analyzer = analyzeAsTablesGrow(pg);
  /** Only inside one of pg's transactions: its lock keeps every other query out. */
  const inTransaction: Queryable = { query: prepared };
  // PGlite keeps its queue to itself: what was started and has not settled, less the one running, is waiting.
  let started = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    started++;
    try {
      return await work();
    } finally {
      started--;
    }
  };
  const alone: Queryable = { query: (sql, params) => counted(() => pg.transaction(() => prepared(sql, params))) };
  return {
    kind: 'pglite',
    schema: 'public',
    ...alone,
    transaction: (fn) => counted(() => pg.transaction(() => fn(inTransaction))),
    connect: (fn) => fn({ ...session(pg, alone), transaction: (work) => pg.transaction((tx) => work(session(tx, inTransaction))) }),
    close: async () => {
      await analyzer.stop();
      await pg.close();
    },
    waiting: () => Math.max(0, started - 1),
  };
}

/** How often the tables are looked at for an ANALYZE (autovacuum's own default naptime is a minute). */
const ANALYZE_CHECK_MS = 5_000;

/**
 * Analyzes the tables autovacuum would: those with more rows changed since their last ANALYZE than
 * autovacuum_analyze_threshold plus its scale factor times their rows. That also makes the statements that read them
 * plan again.
 */
export async function analyzeGrownTables(pg: PGlite): Promise<void> {
  const { rows } = await pg.query<{ name: string }>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::int
       + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)`,
  );
  for (const { name } of rows) await pg.exec(`ANALYZE ${name}`);
}

/**
 * PGlite runs no autovacuum, so no table would be analyzed as it grows, and a prepared statement's plan made while a
 * table was nearly empty would go on reading it whole: a lead's certificate facts took 1 to 10 ms after a few thousand
 * leads. This runs analyzeGrownTables every ANALYZE_CHECK_MS until stopped.
 */
function analyzeAsTablesGrow(pg: PGlite) {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => analyzeGrownTables(pg)).catch((error: unknown) => console.error('ANALYZE of grown tables failed:', error));
  }, ANALYZE_CHECK_MS);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}

interface Prepared {
  name: string;
  /** The type of each parameter, as the server inferred it: how its value is written. */
  paramTypes: number[];
}

/**
 * Runs each statement prepared once under a name of its text (as the pg pool does, server/db/pg-db.ts), in one call of
 * PGlite's execProtocol: its query() parses and plans the statement every time, in six calls. execProtocol takes no
 * lock, so the returned function may run only inside one of pg's transactions (which keeps every other query out).
 */
function preparedQuery(pg: PGlite) {
  const { serialize } = protocol;
  const statements = new Map<string, Prepared>();
  const prepare = async (sql: string): Promise<Prepared> => {
    const name = `claimflow_${statements.size + 1}`;
    const { messages } = await pg.execProtocol(
      Buffer.concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const description = messages.find((m) => m instanceof protocol.messages.ParameterDescriptionMessage);
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(sql, statement);
    return statement;
  };
  return async <T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> => {
    const { name, paramTypes } = statements.get(sql) ?? (await prepare(sql));
    // As query() writes a value: by its parameter's type, else as text.
    const values = params.map((value, i) =>
      value === null || value === undefined ? null : (pg.serializers[paramTypes[i]!] ?? pg.serializers[types.TEXT]!)(value),
    );
    const { messages } = await pg.execProtocol(
      Buffer.concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    return { rows: (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[] };
  };
}

/** Scripts run by exec(), the only call that accepts several statements; COPY reads its rows from the /dev/blob device. */
function session(pg: PGlite | Transaction, queryable: Queryable): Session {
  return {
    ...queryable,
    async exec(script) {
      return { rows: (await pg.exec(script)).at(-1)?.rows ?? [] };
    },
    async copyRows(table, columns, data) {
      await pg.query(copySql(table, columns, "'/dev/blob'"), [], { blob: new Blob([data]) });
    },
  };
}
