// A real PostgreSQL server through a pg connection pool.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copySql, registerBulkSession, type CopyQueryable } from './bulk-session.ts';
import type { Db, Queryable } from './db.ts';
import { registerMigrationClient } from './migration-client.ts';

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
    ...(options.schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query({ name: statementName(sql), text: sql, values: params });
      return { rows: result.rows as T[] };
    },
  });

  const db: Db = {
    kind: 'postgres',
    schema,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await inTransaction(client, () => fn(wrap(client)));
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  registerBulkSession(db, async (fn) => {
    const client = await pool.connect();
    const session: CopyQueryable = {
      ...wrap(client),
      copyRows: (table, columns, data) => pipeline(Readable.from([data]), client.query(copyFrom(copySql(table, columns, 'STDIN')))),
    };
    try {
      return await fn({
        ...session,
        transaction: (work) => inTransaction(client, () => work(session)),
      });
    } finally {
      client.release();
    }
  });
  registerMigrationClient(db, async (fn) => {
    const client = await pool.connect();
    try {
      return await fn({
        async query(textOrConfig, values) {
          const result = await client.query(textOrConfig, values);
          return { rows: result.rows, rowCount: result.rowCount ?? 0 };
        },
      });
    } finally {
      client.release();
    }
  });
  return db;
}
