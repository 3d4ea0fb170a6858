// Phones kept as a plain SHA-256 (before migration 0028) in the store's tables, rekeyed at start under the current hash
// key (server/privacy/keyed-hash.ts).
import type { Db } from '../db/db.ts';
import { hashKeys, keyedOfSha256, PLAIN_PREFIX, type HashKey, type HashKeys } from '../privacy/keyed-hash.ts';

/** The tables that keep a phone's hash in place of the phone, in their phone column. */
const HASHED_TABLES = ['phone_verifications', 'tcpa_consents', 'consent_records'] as const;
/** Phones rekeyed per statement: a start that finds many does it in steps, each a short transaction. */
const BATCH = 5_000;

/**
 * Replaces every phone kept as a plain SHA-256 ('sha256:<hex>', before migration 0028) by its hash under the current
 * key: the HMAC of that same hex, which is what keyedPhoneHash gives for the phone. Run at start, after the migrations;
 * returns how many rows changed (0 once done; of two processes starting at once, the second finds nothing left).
 */
export async function rekeyPlainHashes(db: Db, keys: HashKeys): Promise<number> {
  let changed = 0;
  for (const table of HASHED_TABLES) {
    for (;;) {
      const { rows } = await db.query<{ phone: string }>(`SELECT DISTINCT phone FROM ${table} WHERE phone LIKE '${PLAIN_PREFIX}%' LIMIT ${BATCH}`);
      if (rows.length === 0) break;
      const plain = rows.map((r) => r.phone);
      const keyed = plain.map((phone) => keyedOfSha256(keys[0], phone.slice(PLAIN_PREFIX.length)));
      const { rows: updated } = await db.query(
        `UPDATE ${table} t SET phone = m.keyed FROM unnest($1::text[], $2::text[]) AS m(plain, keyed) WHERE t.phone = m.plain RETURNING 1`,
        [plain, keyed],
      );
      changed += updated.length;
    }
  }
  return changed;
}

/** At start, after the migrations: the keys of db (the database's made now if need be), and rekeyPlainHashes with them. */
export async function rekeyAtStart(db: Db, configured: readonly HashKey[], log: (line: string) => void): Promise<void> {
  const rekeyed = await rekeyPlainHashes(db, await hashKeys(db, configured));
  if (rekeyed > 0) log(`${rekeyed} phones kept as a plain SHA-256 are now kept as a keyed hash (HASH_KEYS)`);
}
