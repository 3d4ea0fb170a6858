// What the reports CLIs share: the configured database (DATABASE_URL, else PGlite in DATA_DIR, which no running server
// may have open meanwhile), migrated; and one way to end: fn's exit code, or the failure printed and 1.
import { ConfigError, loadConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { migrate } from '../../db/migrate.ts';
import { openDb } from '../../db/open-db.ts';

/** A mistake in the command line: its message is printed alone. */
export class UsageError extends Error {}

/** Runs a command: its exit code, or its failure on stderr and exit code 1. */
export function runCli(name: string, fn: () => Promise<number>): void {
  fn().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      const known = error instanceof ConfigError || error instanceof UsageError;
      process.stderr.write(known ? `${error.message}\n` : `${name} failed: ${String((error as Error)?.stack ?? error)}\n`);
      process.exitCode = 1;
    },
  );
}

/** Runs fn on the configured database, migrated, and closes it. */
export async function withConfiguredDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(loadConfig());
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}
