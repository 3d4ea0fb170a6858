// The one query interface the server uses, whichever PostgreSQL is behind it.

export interface QueryResult<T> {
  rows: T[];
}

/** Runs one parameterised statement ($1, $2, ...). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The schema the tables live in (public unless a test isolates itself). */
  readonly schema: string;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
