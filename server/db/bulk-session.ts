// Gives bulk loaders (report imports) one connection behind a Db, with COPY, without widening the Db interface.
import type { Db, Queryable } from './db.ts';

/** A connection that also takes rows by COPY. */
export interface CopyQueryable extends Queryable {
  /** COPY table (columns) FROM the data: rows in COPY's text format (tab-separated, \N for null, one per line). */
  copyRows(table: string, columns: readonly string[], data: string): Promise<void>;
}

/** One connection of a Db, its own until the lease ends (temporary tables live as long). */
export interface BulkSession extends CopyQueryable {
  /** Runs fn in one transaction on this connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: CopyQueryable) => Promise<T>): Promise<T>;
}

type Lease = <T>(fn: (session: BulkSession) => Promise<T>) => Promise<T>;

const leases = new WeakMap<Db, Lease>();

/** Called by each Db implementation when it opens. */
export function registerBulkSession(db: Db, lease: Lease): void {
  leases.set(db, lease);
}

/** Runs fn with one connection of db; throws for a Db that did not register (e.g. a fake). */
export function withBulkSession<T>(db: Db, fn: (session: BulkSession) => Promise<T>): Promise<T> {
  const lease = leases.get(db);
  if (!lease) throw new Error(`this ${db.kind} Db cannot load in bulk (open it with openDb)`);
  return lease(fn);
}

/** The COPY statement's head for table and columns (identifiers of this code's own, never of input). */
export const copySql = (table: string, columns: readonly string[], from: string) => `COPY ${table} (${columns.join(', ')}) FROM ${from}`;
