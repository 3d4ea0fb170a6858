// A throwaway PostgreSQL database on the server of TEST_DATABASE_URL, for tests whose processes share one database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface FreshPostgres {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database named after prefix; drop() removes it (closing its connections). */
export async function freshPostgres(adminUrl: string, prefix = 'claimflow_test'): Promise<FreshPostgres> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
