// Gives the migration runner a single dedicated connection behind a Db, without widening the Db interface.
import type { Db } from './db.ts';

/** The part of pg's Client that node-pg-migrate calls: query(text | { text, values }, values?). */
export interface MigrationClient {
  query(textOrConfig: string | { text: string; values?: unknown[] }, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

type Lease = <T>(fn: (client: MigrationClient) => Promise<T>) => Promise<T>;

const leases = new WeakMap<Db, Lease>();

/** Called by each Db implementation when it opens. */
export function registerMigrationClient(db: Db, lease: Lease): void {
  leases.set(db, lease);
}

/** Runs fn with one connection of db; throws for a Db that did not register (e.g. a fake). */
export function withMigrationClient<T>(db: Db, fn: (client: MigrationClient) => Promise<T>): Promise<T> {
  const lease = leases.get(db);
  if (!lease) throw new Error(`this ${db.kind} Db cannot run migrations (open it with openDb)`);
  return lease(fn);
}
