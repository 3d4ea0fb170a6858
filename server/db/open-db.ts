// Picks the database from the configuration: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPgDb } from './pg-db.ts';
import { openPgliteDb } from './pglite-db.ts';

export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return config.databaseUrl ? Promise.resolve(openPgDb(config.databaseUrl)) : openPgliteDb(config.dataDir);
}
