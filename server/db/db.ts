// The one query interface the server uses, whichever PostgreSQL is behind it.

export interface QueryResult<T> {
  rows: T[];
}

/** Runs one parameterised statement ($1, $2, ...). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** Statements on one connection: one with parameters, a script of several without any, or rows by COPY. */
export interface Session extends Queryable {
  /** Runs a script of statements without parameters (a migration file, a library's own SQL); the last one's rows. */
  exec(script: string): Promise<QueryResult<Record<string, unknown>>>;
  /** COPY table (columns) FROM the data: rows in COPY's text format (tab-separated, \N for null, one per line). */
  copyRows(table: string, columns: readonly string[], data: string): Promise<void>;
}

/** One connection of a Db, its own until the lease ends (temporary tables and session locks live as long). */
export interface Connection extends Session {
  /** Runs fn in one transaction on this connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Session) => Promise<T>): Promise<T>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The schema the tables live in (public unless a test isolates itself). */
  readonly schema: string;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs fn with one connection of its own (migrations, bulk loads), released when fn's promise settles. */
  connect<T>(fn: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Statements and transactions waiting for a connection now (the pool's queue): a sign of overload (load-shedding.ts). */
  waiting?(): number;
  /** The pool's connections now (total open, idle) and the most it opens; absent on PGlite, one connection. */
  pool?(): { total: number; idle: number; max: number };
}

/** The COPY statement's head for table and columns (identifiers of this code's own, never of input). */
export const copySql = (table: string, columns: readonly string[], from: string) => `COPY ${table} (${columns.join(', ')}) FROM ${from}`;
