// SMS one-time codes: made with crypto.randomInt, kept only as an HMAC bound to the phone, 10 minutes, 3 checks.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '../../engine/validators.ts';
import type { Db } from '../db/db.ts';
import { recordVerification } from './verifications.ts';

export const CODE_TTL_MINUTES = 10;
export const MAX_CHECKS = 3;
// Used when CODE_SECRET is unset: then the hash is only as strong as a salted SHA-256.
const BUILT_IN_KEY = 'claimflow one-time code';

/** A code of CODE_LENGTH digits, the length the web app's code input takes. */
export function newCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH).toString().padStart(CODE_LENGTH, '0');
}

export function hashCode(secret: string | undefined, phone: string, code: string): string {
  return createHmac('sha256', secret ?? BUILT_IN_KEY).update(`${phone}\n${code}`).digest('hex');
}

/** Stores the phone's new code, replacing (and so voiding) any earlier one. */
export async function saveCode(db: Db, phone: string, codeHash: string): Promise<void> {
  await db.query(
    `INSERT INTO sms_codes (phone, code_hash, attempts, expires_at, used_at, created_at)
     VALUES ($1, $2, 0, now() + make_interval(mins => $3), NULL, now())
     ON CONFLICT (phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0,
       expires_at = EXCLUDED.expires_at, used_at = NULL, created_at = EXCLUDED.created_at`,
    [phone, codeHash, CODE_TTL_MINUTES],
  );
}

/**
 * Checks a code against the phone's live one. Every check counts, right or wrong; a match uses the code up and
 * records the phone as verified by the visitor holding the verification id of idHash. Returns whether it matched.
 */
export function consumeCode(db: Db, phone: string, codeHash: string, idHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ code_hash: string }>(
      `UPDATE sms_codes SET attempts = attempts + 1
       WHERE phone = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
       RETURNING code_hash`,
      [phone, MAX_CHECKS],
    );
    const stored = rows[0]?.code_hash;
    if (stored === undefined || !sameHex(stored, codeHash)) return false;
    await tx.query('UPDATE sms_codes SET used_at = now() WHERE phone = $1', [phone]);
    await recordVerification(tx, phone, idHash);
    return true;
  });
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
