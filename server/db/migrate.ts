// Brings the schema up to date with node-pg-migrate and the SQL files in ./migrations (safe to run on every start).
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type { ClientBase } from 'pg';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface MigrateOptions {
  /** Receives the runner's progress lines; silent by default. */
  log?: (message: string) => void;
  /** Apply only this many pending migrations (tests that fill an older schema); all by default. */
  count?: number;
}

/** Applies pending migrations; returns the names of those it ran. Several processes starting at once wait for each other. */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const log = options.log ?? (() => {});
  const ran = await db.connect((connection) =>
    runner({
      // node-pg-migrate only calls query(text) on the client it is given, with any values written into the text (a
      // migration file holds several statements), and reads only the rows.
      dbClient: { query: (text: string) => connection.exec(text) } as unknown as ClientBase,
      dir: MIGRATIONS_DIR,
      migrationsTable: 'pgmigrations',
      schema: db.schema,
      createSchema: db.schema !== 'public',
      direction: 'up',
      count: options.count,
      checkOrder: true,
      singleTransaction: true,
      advisoryLockMode: 'wait',
      logger: { info: log, warn: log, error: log },
    }),
  );
  return ran.map((m) => m.name);
}
