// What the operators' commands share (npm run deliveries, funnel:report, reports:import, reports:key, reports:seed): one
// shape, a function of its arguments, environment and two outputs, run on the process's own when its file is the
// script node started (tests call it in process); the configured database (DATABASE_URL, else PGlite in DATA_DIR, which
// no running server may have open meanwhile), migrated; and one way to end: its exit code, or the failure printed and 1.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open-db.ts';

/** A mistake in the command line: its message is printed alone. */
export class UsageError extends Error {}

/** An output: the process's stdout or stderr, or a test's. */
export type Output = Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean };

export interface Cli {
  /** The arguments after the script's name. */
  args: string[];
  env: Record<string, string | undefined>;
  out: Output;
  err: Output;
}

/** A command: its exit code. */
export type Command = (cli: Cli) => Promise<number>;

/**
 * The command, caught: its failure printed on err, exit code 1. Run at once on this process's arguments and streams when
 * module (the command file's import.meta) is the script node was started with.
 */
export function cliCommand(name: string, module: ImportMeta, command: Command): Command {
  const run: Command = (cli) =>
    command(cli).catch((error: unknown) => {
      const known = error instanceof ConfigError || error instanceof UsageError;
      cli.err.write(known ? `${error.message}\n` : `${name} failed: ${String((error as Error)?.stack ?? error)}\n`);
      return 1;
    });
  const script = process.argv[1];
  if (script !== undefined && resolve(script) === module.filename) {
    void run({ args: process.argv.slice(2), env: process.env, out: process.stdout, err: process.stderr }).then((code) => (process.exitCode = code));
  }
  return run;
}

/** Runs fn on the database env configures, migrated, and closes it. */
export async function withConfiguredDb<T>(env: Cli['env'], fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(loadConfig(env));
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}
