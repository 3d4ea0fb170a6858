// The per-address rate limits' counters in the database (@fastify/rate-limit's store), so that a limit holds across
// every server process on one database rather than being counted again in each.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/db.ts';

export interface Count {
  /** Requests of the key in its window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts a request of key at now (ms) in a fixed window of windowMs, as the library's in-memory store does: the first
 * request after a window ends opens the next. One statement, so requests of several processes are counted once each.
 */
export async function countRequest(db: Queryable, key: string, windowMs: number, now: number): Promise<Count> {
  const { rows } = await db.query<Count>(
    `INSERT INTO rate_limit_counters AS c (key, count, window_end) VALUES ($1, 1, $2::bigint + $3::bigint)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN c.window_end <= $2::bigint THEN 1 ELSE c.count + 1 END,
       window_end = CASE WHEN c.window_end <= $2::bigint THEN excluded.window_end ELSE c.window_end END
     RETURNING c.count AS current, (c.window_end - $2::bigint)::float8 AS ttl`,
    [key, now, windowMs],
  );
  const [row] = rows;
  if (!row) throw new Error('rate limit counter not returned');
  return { current: row.current, ttl: Number(row.ttl) };
}

/** Deletes the counters whose window has ended: an address that comes back starts a new row. */
export async function purgeCounters(db: Queryable, now: number): Promise<void> {
  await db.query('DELETE FROM rate_limit_counters WHERE window_end <= $1::bigint', [now]);
}

/** The class for @fastify/rate-limit's `store` option; keys name their limiter, so every limiter shares one store. */
export function rateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class RateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
      countRequest(db, key, timeWindow, Date.now()).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
