// A real PostgreSQL server through a pg connection pool.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copySql, type Db, type Queryable, type Session } from './db.ts';

export interface PgDbOptions {
  /** Put every connection's search_path on this schema (tests isolate themselves this way). */
  schema?: string;
  max?: number;
}

// Every statement is prepared once per connection under a name of its text, so the server parses and plans it once;
// the server's statements are a fixed set (lists of values add one per length), so the names stay few.
const names = new Map<string, string>();
const statementName = (sql: string): string => {
  let name = names.get(sql);
  if (name === undefined) names.set(sql, (name = `claimflow_${names.size + 1}`));
  return name;
};

type Result = pg.QueryResult<Record<string, unknown>>;

const INT8 = 20;
const INT8_ARRAY = 1016;

/** An int8 as PGlite reads it: a number, or a BigInt past 2^53 (ids, counts and ms stay far below), never a string. */
const int8 = (text: string): number | bigint => {
  const value = BigInt(text);
  return value < Number.MIN_SAFE_INTEGER || value > Number.MAX_SAFE_INTEGER ? value : Number(value);
};

/** pg's own parser of a type (its typings name only the built-in scalar types). */
const parserOf = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (text: string) => unknown;

/** pg's own parsers but for int8 and its arrays, which pg reads as strings: so the two drivers give the same rows. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8) return int8;
    if (oid === INT8_ARRAY) return (text: string) => (parserOf(oid)(text) as (string | null)[]).map((v) => v && int8(v));
    return parserOf(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Runs work between BEGIN and COMMIT on client; rolls back and rethrows when it throws. */
async function inTransaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

export function openPgDb(connectionString: string, options: PgDbOptions = {}): Db {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types,
    ...(options.schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // No JIT: every statement here is short, and a planner's estimate that grows with a table (a GIN index's default,
  // 0.5% of its rows) made a VIN search at 5,000,000 reports spend 310 ms compiling what then ran in 0.5 ms. Queued
  // before the connection's first statement.
  pool.on('connect', (client) => void client.query('SET jit = off').catch(() => {}));

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query({ name: statementName(sql), text: sql, values: params });
      return { rows: result.rows as T[] };
    },
  });

  // A connection's statements: a script goes by the simple protocol, the only one that takes several statements.
  const session = (client: pg.PoolClient): Session => ({
    ...wrap(client),
    async exec(script) {
      // pg's types do not say that several statements give one result each.
      const results = (await client.query<Record<string, unknown>>(script)) as Result | Result[];
      return { rows: (Array.isArray(results) ? results.at(-1) : results)?.rows ?? [] };
    },
    copyRows: (table, columns, data) => pipeline(Readable.from([data]), client.query(copyFrom(copySql(table, columns, 'STDIN')))),
  });

  /** Runs fn with a connection of the pool of its own, released when fn's promise settles. */
  const lease = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  };

  return {
    kind: 'postgres',
    schema,
    ...wrap(pool),
    transaction: (fn) => lease((client) => inTransaction(client, () => fn(wrap(client)))),
    connect: (fn) => lease((client) => fn({ ...session(client), transaction: (work) => inTransaction(client, () => work(session(client))) })),
    close: () => pool.end(),
    waiting: () => pool.waitingCount,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, max: pool.options.max }),
  };
}
