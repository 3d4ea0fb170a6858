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
import type { Queryable } from '../db/db.ts';
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
export const PLAIN_PREFIX = 'sha256:';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** 'hmac-sha256:<key id>:<hex>' (the form migration 0028's trigger lets into the consent evidence) of a SHA-256's hex. */
export const keyedOfSha256 = (key: HashKey, sha256: string) => `hmac-sha256:${key.id}:${createHmac('sha256', key.secret).update(sha256, 'utf8').digest('hex')}`;

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
