// SMS one-time codes: made with crypto.randomInt, kept only as an HMAC bound to the phone, valid 10 minutes, 3 checks,
// used once, and checked only for the visitor who asked for it; every send and check first passes the limits of
// code-limits.ts (a send past them, the country's budget included, needs a proof of work: send-challenges.ts). Each
// code's text also carries a link (code-links.ts). Times come from the caller's clock.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '../../engine/validators.ts';
import type { Db, Queryable } from '../db/db.ts';
import {
  addEvent,
  addressSubjects,
  checkRefusal,
  countrySubject,
  lockSubjects,
  phoneGuessesLeft,
  phoneSubject,
  requesterSubjects,
  sendCounts,
  sendLevel,
  windowsReaching,
  type CodeLimits,
  type Refusal,
  type SendTrust,
} from './code-limits.ts';
import { verifyConfirmedSend } from './code-links.ts';
import { spendSolution, type Solved } from './send-challenges.ts';
import { recordVerification } from './verifications.ts';

export const CODE_TTL_MINUTES = 10;
export const MAX_CHECKS = 3;
// Used when CODE_SECRET is unset: then the hash is only as strong as a salted SHA-256.
const BUILT_IN_KEY = 'claimflow one-time code';

/** A code of CODE_LENGTH digits, the length the web app's code input takes. */
export function newCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

export function hashCode(secret: string | undefined, phone: string, code: string): string {
  return createHmac('sha256', secret ?? BUILT_IN_KEY)
    .update(`${phone}\n${code}`)
    .digest('hex');
}

/** Who asks about which phone, from where, when (ms since the epoch); visitorHash: the hash of their cf_pending id. */
export interface CodeRequest {
  phone: string;
  ip: string;
  visitorHash?: string;
  now: number;
}

/** The codes one country may be sent in an hour and in a day (SMS_HOURLY_BUDGET, SMS_DAILY_BUDGET) before each needs a proof of work. */
export interface SmsBudget {
  hourly: number;
  daily: number;
}

/** A send that brought the country's count to 80% of its budget. */
export interface BudgetAlert {
  window: 'hour' | 'day';
  sent: number;
  max: number;
}

const HOUR = 60 * 60_000;
/** The share of a budget whose use is logged as a warning. */
const ALERT_SHARE = 0.8;

/** A send: not made, for want of a proof of work of that level; or made, with the budget windows it brought to 80%. */
export type IssueOutcome = { challenge: number } | { challenge?: undefined; alerts: BudgetAlert[] };

/**
 * Stores a new code and link for the phone, asked for by the visitor of visitorHash (replacing, and so voiding, that
 * visitor's earlier one; other visitors' codes stay), and counts the send against the address, its network, the phone,
 * its range and its country; or, when a limit is full and solved is not a fresh solution of at least the level it
 * needs, writes nothing and says that level. A solution is spent only by a send that needed it.
 */
export async function issueCode(
  db: Db,
  limits: CodeLimits,
  budget: SmsBudget,
  { phone, ip, visitorHash, now, trust }: CodeRequest & { visitorHash: string; trust: SendTrust },
  hashes: { code: string; link: string },
  solved?: Solved,
): Promise<IssueOutcome> {
  const countrySends = [
    { max: budget.hourly, ms: HOUR },
    { max: budget.daily, ms: 24 * HOUR },
  ];
  const counts = sendCounts(limits, countrySends, phone, ip, trust);
  const enough = (level: number) => level === 0 || (solved !== undefined && solved.level >= level);
  // A send short of its proof writes nothing, so a read without locks may tell it; only one that may pass takes them.
  const early = await sendLevel(db, counts, now);
  if (!enough(early)) return { challenge: early };
  return db.transaction(async (tx) => {
    await lockSubjects(
      tx,
      limits,
      counts.map((c) => c.subject),
      now,
    );
    const level = await sendLevel(tx, counts, now);
    if (!enough(level) || (level > 0 && solved && !(await spendSolution(tx, solved, now)))) return { challenge: level };
    for (const { subject } of counts) await addEvent(tx, subject, 'send', now);
    await tx.query(
      `INSERT INTO sms_codes (requester_hash, phone, code_hash, link_hash, attempts, expires_at, created_at)
       VALUES ($1, $2, $3, $4, 0, $5::timestamptz, $6::timestamptz)
       ON CONFLICT (requester_hash, phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, link_hash = EXCLUDED.link_hash,
         attempts = 0, expires_at = EXCLUDED.expires_at, confirmed_at = NULL, used_at = NULL, created_at = EXCLUDED.created_at`,
      [visitorHash, phone, hashes.code, hashes.link, new Date(now + CODE_TTL_MINUTES * 60_000).toISOString(), new Date(now).toISOString()],
    );
    const reached = await windowsReaching(tx, { subject: countrySubject(phone), windows: countrySends }, ALERT_SHARE, now);
    return { alerts: reached.map(({ window, sent }) => ({ window: window.ms === HOUR ? 'hour' : 'day', sent, max: window.max })) };
  });
}

/**
 * verified: the code matched (now used up), or the send's link was opened: a verification was recorded; confirmed: the
 * link had already verified this send (nothing new); wrong: no match, the code stays live; expired: no live code of this
 * visitor is left (none was asked for, it was used, it is 10 minutes old, or this was its last check), so a new one
 * is needed; confirm_by_link: the phone's guesses of the month are used up, so only the text's link verifies it; else a
 * limit's refusal.
 */
export type CheckOutcome = 'verified' | 'confirmed' | 'wrong' | 'expired' | 'confirm_by_link' | Refusal;

/**
 * Checks a code against the live one the requesting visitor asked for. Every check let through counts against the
 * address (and its /48), but one answered confirm_by_link, which compares nothing; a wrong guess counts against the
 * phone and the requester (visitor, address, /48). A check that could not have verified (no live code of this
 * visitor's) is never compared and never counts as a wrong guess.
 * A match uses the code up and records the phone as verified by the visitor holding the verification id of idHash.
 */
export async function checkCode(
  db: Db,
  limits: CodeLimits,
  { phone, ip, visitorHash, now }: CodeRequest,
  codeHash: string,
  idHash: string,
): Promise<CheckOutcome> {
  const send = visitorHash === undefined ? undefined : await sendOf(db, visitorHash, phone, now);
  // A send whose link was opened verifies its requester whatever is typed: nothing to compare, nothing to count.
  if (visitorHash !== undefined && send?.confirmed) {
    const confirmed = await verifyConfirmedSend(db, { visitorHash, phone, now }, idHash);
    if (confirmed) return confirmed;
  }
  // Once the phone's guesses are used up, a check of a live code is answered with one more read and writes nothing.
  if (send?.live && !(await phoneGuessesLeft(db, limits, phone, now))) return 'confirm_by_link';
  const requester = { ip, visitorHash };
  const early = await checkRefusal(db, limits, requester, now);
  if (early) return early;
  return db.transaction(async (tx) => {
    await lockSubjects(tx, limits, [phoneSubject(phone), ...requesterSubjects(requester)], now);
    const refusal = await checkRefusal(tx, limits, requester, now);
    if (refusal) return refusal;
    for (const subject of addressSubjects(ip)) await addEvent(tx, subject, 'check', now);
    if (visitorHash === undefined || !(await sendOf(tx, visitorHash, phone, now))?.live) return 'expired';
    if (!(await phoneGuessesLeft(tx, limits, phone, now))) return 'confirm_by_link';
    const match = await matchLiveCode(tx, visitorHash, phone, codeHash, now);
    if (match === 'none') return 'expired';
    if (match !== 'match') {
      for (const subject of [phoneSubject(phone), ...requesterSubjects(requester)]) await addEvent(tx, subject, 'failure', now);
      return match === 'wrong' ? 'wrong' : 'expired';
    }
    await tx.query('UPDATE sms_codes SET used_at = $3::timestamptz WHERE requester_hash = $1 AND phone = $2', [
      visitorHash,
      phone,
      new Date(now).toISOString(),
    ]);
    await recordVerification(tx, phone, idHash, now);
    return 'verified';
  });
}

/** The visitor's send to phone: whether its link was opened (and its code not yet expired), whether its code is live. */
async function sendOf(q: Queryable, visitorHash: string, phone: string, now: number): Promise<{ confirmed: boolean; live: boolean } | undefined> {
  const { rows } = await q.query<{ confirmed: boolean; live: boolean }>(
    `SELECT confirmed_at IS NOT NULL AND expires_at > $3::timestamptz AS confirmed,
       used_at IS NULL AND expires_at > $3::timestamptz AND attempts < $4 AS live
     FROM sms_codes WHERE requester_hash = $1 AND phone = $2`,
    [visitorHash, phone, new Date(now).toISOString(), MAX_CHECKS],
  );
  return rows[0];
}

/**
 * Counts a check on the visitor's code for the phone if it is live: match; wrong (still live); last (wrong, and that
 * was its last check); none when no code was live.
 */
async function matchLiveCode(tx: Queryable, visitorHash: string, phone: string, codeHash: string, now: number): Promise<'match' | 'wrong' | 'last' | 'none'> {
  const { rows } = await tx.query<{ code_hash: string; attempts: number }>(
    `UPDATE sms_codes SET attempts = attempts + 1
     WHERE requester_hash = $1 AND phone = $2 AND used_at IS NULL AND expires_at > $3::timestamptz AND attempts < $4
     RETURNING code_hash, attempts`,
    [visitorHash, phone, new Date(now).toISOString(), MAX_CHECKS],
  );
  const row = rows[0];
  if (row === undefined) return 'none';
  if (sameHex(row.code_hash, codeHash)) return 'match';
  return row.attempts >= MAX_CHECKS ? 'last' : 'wrong';
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
