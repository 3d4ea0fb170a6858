// A fresh PostgreSQL database for one benchmark run, on the server BENCH_PG_ADMIN_URL names (default: the local one),
// dropped afterwards; undefined when no server answers.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function freshDatabase(): Promise<FreshDatabase | undefined> {
  const name = `claimflow_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  try {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    console.warn(`no PostgreSQL at ${PG_ADMIN_URL}: ${String(error)}`);
    return undefined;
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** The server's version string, e.g. "PostgreSQL 15.20 …". */
export function serverVersion(url: string): Promise<string> {
  return (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
      return rows[0]?.v ?? 'unknown';
    } finally {
      await client.end();
    }
  })();
}

/** The server settings a bulk load and the searches depend on (docs/operations.md, "The report store"). */
const SETTINGS = ['shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'wal_compression', 'autovacuum', 'synchronous_commit', 'fsync'];

/** The server's SETTINGS, as "name value, …", for a section's notes. */
export async function serverSettings(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ s: string }>("SELECT string_agg(name || ' ' || current_setting(name), ', ') AS s FROM unnest($1::text[]) AS name", [
      SETTINGS,
    ]);
    return rows[0]?.s ?? '';
  } finally {
    await client.end();
  }
}
