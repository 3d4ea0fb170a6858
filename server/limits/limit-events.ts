// The one counter every limit of policies.ts is kept in: events of subjects (`<policy> <key>`) in limit_events, at the
// server clock's time (never the database's now(), so tests can move the clock); a window is the ms up to now, events
// after it (a clock set back) not counted. A request that may let an event through locks its subjects first (lock), so
// server processes sharing the database count one after another; the per-address request limits do not (countRequest).
import type { Queryable } from '../db/db.ts';
import { REQUEST_POLICIES, REQUEST_WINDOW_MS, type Window } from './policies.ts';

const at = (ms: number): string => new Date(ms).toISOString();
const longest = (windows: readonly Window[]): number => Math.max(0, ...windows.map((w) => w.ms));

/**
 * Locks the subjects until the caller's transaction ends, always in one order so that two requests cannot deadlock.
 * Advisory locks, so a subject needs no row of its own.
 */
export async function lock(tx: Queryable, subjects: readonly string[]): Promise<void> {
  for (const subject of [...new Set(subjects)].sort()) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [subject]);
}

/** Records one event of each subject at now. */
export async function record(tx: Queryable, subjects: readonly string[], now: number): Promise<void> {
  await tx.query('INSERT INTO limit_events (subject, at) SELECT unnest($1::text[]), $2::timestamptz', [subjects, at(now)]);
}

/** The subject's events in the ms before now, counted up to cap. */
export async function count(q: Queryable, subject: string, ms: number, cap: number, now: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM (SELECT 1 FROM limit_events WHERE subject = $1 AND at > $2::timestamptz AND at <= $4::timestamptz LIMIT $3) recent',
    [subject, at(now - ms), cap, at(now)],
  );
  return rows[0]?.n ?? 0;
}

/** A subject with the windows its events are held to. */
export type Count = readonly [subject: string, windows: readonly Window[]];

/** How long until none of the counts' windows is full; 0 when none is. */
export async function longestWait(q: Queryable, counts: readonly Count[], now: number): Promise<number> {
  let wait = 0;
  for (const [subject, windows] of counts) wait = Math.max(wait, await waitFor(q, subject, windows, now));
  return wait;
}

/** How long until the subject's events no longer fill any of the windows; 0 when none is full. */
export async function waitFor(q: Queryable, subject: string, windows: readonly Window[], now: number): Promise<number> {
  const { rows } = await q.query<{ ms: number }>(
    `SELECT (extract(epoch FROM at) * 1000)::float8 AS ms FROM limit_events
     WHERE subject = $1 AND at > $2::timestamptz AND at <= $4::timestamptz ORDER BY at DESC LIMIT $3`,
    [subject, at(now - longest(windows)), Math.max(0, ...windows.map((w) => w.max)), at(now)],
  );
  const times = rows.map((r) => Math.round(r.ms));
  let wait = 0;
  for (const { max, ms } of windows) {
    // times are newest first, so the max-th newest leaving the window is what frees a place in it.
    if (times.filter((t) => t > now - ms).length >= max) wait = Math.max(wait, (times[max - 1] ?? now) + ms - now);
  }
  return wait;
}

/** The highest proof-of-work level a send asks for: past it, the work no longer grows (128 times the first level's). */
export const MAX_LEVEL = 8;

/** 0 while a window has room; 1 once it is full, and one more for every further window's worth (at most MAX_LEVEL). */
export const overflowLevel = (n: number, max: number): number => (n < max ? 0 : Math.min(MAX_LEVEL, 1 + Math.floor((n - max) / Math.max(1, max))));

/** The highest overflowLevel of the subject's windows now: how far past its limits one more event would be. */
export async function level(q: Queryable, subject: string, windows: readonly Window[], now: number): Promise<number> {
  let highest = 0;
  for (const { max, ms } of windows) highest = Math.max(highest, overflowLevel(await count(q, subject, ms, max * MAX_LEVEL, now), max));
  return highest;
}

/** A request counted by countRequest: the subject's requests in the window, this one included, and ms until one leaves. */
export interface RequestCount {
  current: number;
  ttl: number;
}

/**
 * Records a request of subject at now and counts the subject's requests in the window (up to max): one statement, no
 * lock, as requests are frequent (requests of several processes at the same moment may be counted alike, letting a
 * burst a few over max). ahead > 1 records that many requests at once, counted ahead for the caller to let through
 * without a statement each, but never past max: as many as the window has room for (max - current + 1), or this one
 * request alone when it has none.
 * ttl: until the oldest of the newest max requests leaves the window, when a next one is let in.
 */
export async function countRequest(db: Queryable, subject: string, { max, ms }: Window, now: number, ahead = 1): Promise<RequestCount> {
  const { rows } = await db.query<{ earlier: number; oldest: number | null }>(
    `WITH recent AS (SELECT at, row_number() OVER (ORDER BY at DESC) AS nth FROM limit_events
                     WHERE subject = $1 AND at > $2::timestamptz AND at <= $3::timestamptz ORDER BY at DESC LIMIT $4::int),
       counted AS (SELECT count(*)::int AS earlier, (extract(epoch FROM min(at) FILTER (WHERE nth < $4::int)) * 1000)::float8 AS oldest FROM recent),
       added AS (INSERT INTO limit_events (subject, at)
                 SELECT $1, $3::timestamptz FROM counted, generate_series(1, greatest(1, least($5::int, $4::int - earlier))))
     SELECT earlier, oldest FROM counted`,
    [subject, at(now - ms), at(now), max, Math.max(1, ahead)],
  );
  const { earlier = 0, oldest = null } = rows[0] ?? {};
  return { current: earlier + 1, ttl: Math.round(oldest ?? now) + ms - now };
}

/**
 * Deletes the events no limit counts any more: requests once their window has passed, every other event made before
 * `before` (the retention of code rows, CODE_RETENTION_DAYS: at least the longest window, 30 days; a phone's counts go
 * with its codes). Returns how many.
 */
export async function purgeLimitEvents(db: Queryable, now: number, before: number): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM limit_events WHERE at < $1::timestamptz OR (at < $2::timestamptz AND split_part(subject, ' ', 1) = ANY($3::text[])) RETURNING 1`,
    [at(before), at(now - REQUEST_WINDOW_MS), REQUEST_POLICIES],
  );
  return rows.length;
}

/** Deletes every event of these subjects (a phone's, at its owner's erasure). */
export async function deleteSubjects(tx: Queryable, subjects: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM limit_events WHERE subject = ANY($1::text[])', [subjects]);
}
