// The bearer keys report feeds send with POST /api/reports: those of REPORT_INGEST_KEYS, and those made by
// `npm run reports:key`, stored only as their SHA-256 (report_ingest_keys).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

const sha256 = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/** A new key: 32 random bytes, base64url (43 characters). */
export const newIngestKey = () => randomBytes(32).toString('base64url');

/** Stores a new key's hash under label; returns the key, which is never stored nor shown again. */
export async function createIngestKey(db: Queryable, label: string): Promise<string> {
  const key = newIngestKey();
  await db.query('INSERT INTO report_ingest_keys (key_hash, label) VALUES ($1, $2)', [sha256(key).toString('hex'), label]);
  return key;
}

/**
 * Whether key is one of the configured keys or of the stored ones. Compared as hashes of equal length in constant
 * time; the stored ones by their hash, which tells a guesser nothing about the key.
 */
export async function isIngestKey(db: Queryable, configured: readonly string[], key: string): Promise<boolean> {
  const hash = sha256(key);
  let found = false;
  for (const k of configured) found = timingSafeEqual(sha256(k), hash) || found;
  if (found) return true;
  const { rows } = await db.query('SELECT 1 FROM report_ingest_keys WHERE key_hash = $1', [hash.toString('hex')]);
  return rows.length > 0;
}

/** The key of an `Authorization: Bearer <key>` header, if that is what it holds. */
export function bearerKeyOf(header: string | undefined): string | undefined {
  return /^Bearer ([\x21-\x7e]{1,512})$/i.exec(header ?? '')?.[1];
}
