// What stays of a phone once it may no longer be kept (its erasure at /privacy, a verification past its retention) but
// must still be matched (a consent proved for a phone one is shown, the consents /privacy lists after an erasure): an
// HMAC-SHA256 under a secret key of the server's, never a plain SHA-256, which anyone can recompute from guessed
// numbers (a US number took 30 s on one core). Kept as 'hmac-sha256:<key id>:<hex>', the HMAC of the hex of the phone's
// SHA-256 (E.164, UTF-8): the SHA-256 stays the inner step, so that hashes kept before as 'sha256:<hex>' became keyed
// ones without the phone (rekeyPlainHashes, run at start). The keys are HASH_KEYS, the first one current (new hashes)
// and every one matched (hashes made before a rotation); without HASH_KEYS, a key made at random by the first process
// that needs it and kept in server_secrets (as proof-key.ts keeps its key), which is matched after HASH_KEYS is set too.
// A hash cannot be moved to another key (that needs the phone): a key stays listed as long as hashes made under it are
// kept (the consent evidence's CONSENT_RETENTION_YEARS).
import { createHash, createHmac } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { serverSecret } from '../store/server-secrets.ts';

export interface HashKey {
  /** 1 to 64 letters, digits or ._- : stored beside each hash made under the key. */
  id: string;
  secret: Buffer;
}

/** The keys phones are hashed with: the current one first, then every other one a kept hash may be under. */
export type HashKeys = readonly [HashKey, ...HashKey[]];

/** The id of the key made in the database when HASH_KEYS is unset. */
export const GENERATED_KEY_ID = 'local';
const SECRET_NAME = 'hash-key';
/** How phones were kept before: 'sha256:' and the hex of the SHA-256 of the E.164 phone. */
const PLAIN_PREFIX = 'sha256:';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** 'hmac-sha256:<key id>:<hex>' (the form migration 0028's trigger lets into the consent evidence) of a SHA-256's hex. */
const keyedOfSha256 = (key: HashKey, sha256: string) => `hmac-sha256:${key.id}:${createHmac('sha256', key.secret).update(sha256, 'utf8').digest('hex')}`;

/** What phone (E.164) is kept as under key. */
export const keyedPhoneHash = (key: HashKey, phone: string): string => keyedOfSha256(key, sha256Hex(phone));

/** Every value phone (E.164) may be kept as: its hash under each key. */
export const keyedPhoneHashes = (keys: HashKeys, phone: string): string[] => keys.map((key) => keyedPhoneHash(key, phone));

const generatedKeys = new WeakMap<Queryable, Promise<Buffer | undefined>>();

/** The key kept in server_secrets: made when make is true and there is none; undefined when there is none and make is false. */
function generatedKey(q: Queryable, make: boolean): Promise<Buffer | undefined> {
  let key = generatedKeys.get(q);
  if (!key) {
    key = serverSecret(q, SECRET_NAME, make);
    generatedKeys.set(q, key);
    // Only a key found is kept: none yet may be made later (by a process without HASH_KEYS).
    void key.then(
      (found) => found ?? generatedKeys.delete(q),
      () => generatedKeys.delete(q),
    );
  }
  return key;
}

/**
 * The keys of db: configured (HASH_KEYS) and the key made in the database if one ever was, or that key alone (made now
 * if need be) when none is configured. Pass the Db, not a transaction: the database's key is read once a process.
 */
export async function hashKeys(db: Queryable, configured: readonly HashKey[]): Promise<HashKeys> {
  const generated = await generatedKey(db, configured.length === 0);
  const own = generated && { id: GENERATED_KEY_ID, secret: generated };
  const [first, ...rest] = own ? [...configured, own] : configured;
  if (!first) throw new Error('no hash key in server_secrets');
  return [first, ...rest];
}

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
