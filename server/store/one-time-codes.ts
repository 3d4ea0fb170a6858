// SMS one-time codes: made with crypto.randomInt, kept only as an HMAC bound to the phone, valid 10 minutes, 3 checks,
// used once; every send and check first passes the limits of code-limits.ts, and every send the global budget of
// sms-budget.ts. Times come from the caller's clock.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '../../engine/validators.ts';
import type { Db, Queryable } from '../db/db.ts';
import {
  addEvent,
  checkRefusal,
  forgetFailures,
  lockSubjects,
  phoneSubject,
  prefixSubject,
  requesterSubjects,
  sendRefusal,
  type CodeLimits,
  type Refusal,
} from './code-limits.ts';
import { budgetWait, lockBudget, spendBudget, type BudgetAlert, type SmsBudget } from './sms-budget.ts';
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

/** Who asks, from where, when (ms since the epoch). */
export interface CodeRequest {
  phone: string;
  ip: string;
  now: number;
}

/** A send: refused and why, or let through, with the budget windows it brought to 80% (to log). */
export type IssueOutcome = { refusal: Refusal } | { refusal?: undefined; alerts: BudgetAlert[] };

/** Why the global budget refuses a send now, if it does. */
async function budgetRefusal(q: Queryable, budget: SmsBudget, now: number): Promise<Refusal | undefined> {
  const wait = await budgetWait(q, budget, now);
  return wait > 0 ? { error: 'sms_unavailable', retryAfterMs: wait } : undefined;
}

/**
 * Stores a new code for the phone, replacing (and so voiding) any earlier one, and counts the send against the phone,
 * its range, the address and the global budget; or, when a limit refuses, writes nothing and says why.
 */
export async function issueCode(db: Db, limits: CodeLimits, budget: SmsBudget, { phone, ip, now }: CodeRequest, codeHash: string): Promise<IssueOutcome> {
  // A refusal writes nothing, so a read without locks may give it; only a send that may pass takes the locks. The
  // budget first: once it is spent (a pumping run), every refusal is one read.
  const early = (await budgetRefusal(db, budget, now)) ?? (await sendRefusal(db, limits, phone, ip, now));
  if (early) return { refusal: early };
  return db.transaction(async (tx) => {
    const subjects = [phoneSubject(phone), prefixSubject(phone), ...requesterSubjects(ip)];
    await lockSubjects(tx, limits, subjects, now);
    await lockBudget(tx, now);
    const refusal = (await budgetRefusal(tx, budget, now)) ?? (await sendRefusal(tx, limits, phone, ip, now));
    if (refusal) return { refusal };
    for (const subject of subjects) await addEvent(tx, subject, 'send', now);
    await tx.query(
      `INSERT INTO sms_codes (phone, code_hash, attempts, expires_at, used_at, created_at)
       VALUES ($1, $2, 0, $3::timestamptz, NULL, $4::timestamptz)
       ON CONFLICT (phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0,
         expires_at = EXCLUDED.expires_at, used_at = NULL, created_at = EXCLUDED.created_at`,
      [phone, codeHash, new Date(now + CODE_TTL_MINUTES * 60_000).toISOString(), new Date(now).toISOString()],
    );
    return { alerts: await spendBudget(tx, budget, now) };
  });
}

/**
 * verified: the code matched (now used up); wrong: it did not, and the code stays live; expired: no live code is left
 * (none was sent, it was used, it is 10 minutes old, or this was its last check), so the owner must ask for a new one;
 * else a limit's refusal.
 */
export type CheckOutcome = 'verified' | 'wrong' | 'expired' | Refusal;

/**
 * Checks a code against the phone's live one. Every check let through counts against the address (and its /48); a
 * wrong guess at a live code counts against the phone too (a new code does not reset that), while a check with no
 * live code could not have verified and never does. A match uses the code up, clears the phone's failures and records
 * the phone as verified by the visitor holding the verification id of idHash.
 */
export async function checkCode(db: Db, limits: CodeLimits, { phone, ip, now }: CodeRequest, codeHash: string, idHash: string): Promise<CheckOutcome> {
  const early = await checkRefusal(db, limits, phone, ip, now);
  if (early) return early;
  return db.transaction(async (tx) => {
    const requester = requesterSubjects(ip);
    await lockSubjects(tx, limits, [phoneSubject(phone), ...requester], now);
    const refusal = await checkRefusal(tx, limits, phone, ip, now);
    if (refusal) return refusal;
    for (const subject of requester) await addEvent(tx, subject, 'check', now);
    const match = await matchLiveCode(tx, phone, codeHash, now);
    if (match === 'none') return 'expired';
    if (match !== 'match') {
      await addEvent(tx, phoneSubject(phone), 'failure', now);
      return match === 'wrong' ? 'wrong' : 'expired';
    }
    await tx.query('UPDATE sms_codes SET used_at = $2::timestamptz WHERE phone = $1', [phone, new Date(now).toISOString()]);
    await forgetFailures(tx, phone);
    await recordVerification(tx, phone, idHash, now);
    return 'verified';
  });
}

/**
 * Counts a check on the phone's code if it is live (unused, unexpired, under MAX_CHECKS): match; wrong (still live);
 * last (wrong, and that was its last check); none when no code was live.
 */
async function matchLiveCode(tx: Queryable, phone: string, codeHash: string, now: number): Promise<'match' | 'wrong' | 'last' | 'none'> {
  const { rows } = await tx.query<{ code_hash: string; attempts: number }>(
    `UPDATE sms_codes SET attempts = attempts + 1
     WHERE phone = $1 AND used_at IS NULL AND expires_at > $2::timestamptz AND attempts < $3
     RETURNING code_hash, attempts`,
    [phone, new Date(now).toISOString(), MAX_CHECKS],
  );
  const row = rows[0];
  if (row === undefined) return 'none';
  if (sameHex(row.code_hash, codeHash)) return 'match';
  return Number(row.attempts) >= MAX_CHECKS ? 'last' : 'wrong';
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
