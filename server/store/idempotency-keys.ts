// Idempotency keys in the database: per route, the request's hash and its exact answer, stored with its effects.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

/** How long an answered key is kept (at least 24 hours, the life of a verification a retry needs anyway). */
export const IDEMPOTENCY_RETENTION_HOURS = 48;

export type Earlier = { kind: 'new' } | { kind: 'replay'; status: number; response: string } | { kind: 'in_progress' } | { kind: 'reused' };

/** JSON with object keys sorted, so the same request hashes the same however its client ordered the fields. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of what a request asks: its query string and body. */
export function requestHash(query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(canonical({ query: query ?? {}, body: body ?? null }))
    .digest('hex');
}

/**
 * The transaction-scoped advisory lock of a key: held by the transaction of the request running with it. Advisory locks
 * are the database's, and its schemas each have their own keys (and lead and verification ids, which natural keys
 * hold): the schema is part of the lock, so one schema's request never finds another's key in progress.
 */
const keyLock = (route: string, key: string) => `pg_try_advisory_xact_lock(hashtext(current_schema() || ' ' || ${route}), hashtext(${key}))`;
export const KEY_LOCK_SQL = `SELECT ${keyLock('$1', '$2')} AS locked`;

/** A key a request claims: its Idempotency-Key with the request's hash, or its natural key (hash null: any body). */
export interface KeyClaim {
  key: string;
  /** The request's hash; null for a natural key, whose answer every request with it gets whatever its body. */
  hash: string | null;
}

/**
 * lockKeys' statement for count keys: their locks, then each key's answer looked up by the whole primary key, neither
 * joined nor listed. Its plan is then the same whatever the table holds, so a prepared statement keeps one: a join on
 * unnest() of the keys was planned anew at every run (0.9 ms a lead on PGlite), and a plan made while the table was
 * nearly empty read every answer of the route (5 ms a lead on PostgreSQL after a few thousand).
 */
export function lockKeysSql(count: number): string {
  const keys = Array.from({ length: count }, (_, i) => `$${i + 2}`);
  const lookups = keys.map((k) => `SELECT key, request_hash, status, response FROM idempotency_keys WHERE route = $1 AND key = ${k}`);
  return `WITH locks AS (SELECT ${keys.map((k) => keyLock('$1', k)).join(' AND ')} AS locked)
    SELECT locks.locked, i.key, i.request_hash, i.status, i.response FROM locks LEFT JOIN (${lookups.join(' UNION ALL ')}) i ON locks.locked`;
}

interface KeyState {
  locked: boolean;
  key: string | null;
  request_hash: string | null;
  status: number;
  response: string;
}

/**
 * What became of the keys on route, inside the transaction that will do the request's work, in one statement:
 * in_progress when another transaction (another process, or another connection of this one) holds a key's lock; else
 * the answer kept for the first key that has one (replay), or reused when an Idempotency-Key's was for another
 * request, or new. New keys stay locked until the transaction ends. The read may miss an answer committed while it
 * took the locks, and then saveKeys fails (isKeyTaken).
 */
export async function lockKeys(tx: Queryable, route: string, claims: KeyClaim[]): Promise<Earlier> {
  const { rows } = await tx.query<KeyState>(lockKeysSql(claims.length), [route, ...claims.map((c) => c.key)]);
  if (!rows[0]?.locked) return { kind: 'in_progress' };
  for (const claim of claims) {
    const row = rows.find((r) => r.key === claim.key);
    if (!row) continue;
    if (claim.hash !== null && row.request_hash !== claim.hash) return { kind: 'reused' };
    return { kind: 'replay', status: row.status, response: row.response };
  }
  return { kind: 'new' };
}

/** Keeps the answer under every key the request claimed, in the transaction that stored the request's effects (keys as VALUES, not unnest(): see lockKeysSql). */
export async function saveKeys(tx: Queryable, route: string, claims: KeyClaim[], hash: string, status: number, response: string): Promise<void> {
  const at = claims.length + 2;
  await tx.query(
    `INSERT INTO idempotency_keys (route, key, request_hash, status, response)
     SELECT $1, key, $${at}, $${at + 1}::int, $${at + 2} FROM (VALUES ${claims.map((_, i) => `($${i + 2}::text)`).join(', ')}) AS c(key)`,
    [route, ...claims.map((c) => c.key), hash, status, response],
  );
}

/** Whether saveKeys failed because the key's answer was committed meanwhile: the request is to be run again (a replay). */
export function isKeyTaken(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'idempotency_keys_pkey';
}

/** Deletes answers older than the retention (a scheduled job: server/jobs/queues.ts). */
export async function purgeKeys(db: Queryable): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)', [IDEMPOTENCY_RETENTION_HOURS]);
}
