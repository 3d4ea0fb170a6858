// SMS one-time codes: made with crypto.randomInt, kept only as an HMAC bound to the phone, valid 10 minutes, 3 checks,
// used once, and checked only for the visitor who asked for it; every send and check first passes its limits
// (server/limits/policies.ts: a send past them, the country's budget included, needs a proof of work). Each
// code's text also carries a link (code-links.ts). Times come from the caller's clock.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '../../engine/validators.ts';
import type { Db, Queryable } from '../db/db.ts';
import { count, level, lock, longestWait, record, waitFor, type Count } from '../limits/limit-events.ts';
import { addressKeys, countryKey, DAY, ipKey, networkKey, phoneKey, prefixKey, siteKey, subject, visitorKey, type Policies } from '../limits/policies.ts';
import { verifyConfirmedSend } from './code-links.ts';
import { spendSolution, type Solved } from './send-challenges.ts';
import { recordVerification, type SendTrust } from './verifications.ts';

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

/** A send that brought the country's count to 80% of its budget. */
export interface BudgetAlert {
  window: 'hour' | 'day';
  sent: number;
  max: number;
}

/** The share of a budget whose use is logged as a warning. */
const ALERT_SHARE = 0.8;

/** The subjects a send from ip to phone counts under, each with the windows that apply to a sender of that trust. */
function sendCounts(p: Policies, phone: string, ip: string, trust: SendTrust): Count[] {
  const stranger = trust === 'none';
  return [
    [subject('ipSends', ipKey(ip)), p.ipSends],
    [subject('networkSends', networkKey(ip)), p.networkSends],
    [subject('phoneSends', phoneKey(phone)), trust === 'owner' ? [] : p.phoneSends],
    [subject('prefixSends', prefixKey(phone)), stranger ? p.prefixSends : []],
    [subject('countrySends', countryKey(phone)), stranger ? p.countrySends : []],
  ];
}

/** The proof-of-work level a send counted under these subjects needs now: 0 for none. */
async function sendLevel(q: Queryable, counts: readonly Count[], now: number): Promise<number> {
  let highest = 0;
  for (const [s, windows] of counts) highest = Math.max(highest, await level(q, s, windows, now));
  return highest;
}

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
  limits: Policies,
  { phone, ip, visitorHash, now, trust }: CodeRequest & { visitorHash: string; trust: SendTrust },
  hashes: { code: string; link: string },
  solved?: Solved,
): Promise<IssueOutcome> {
  const counts = sendCounts(limits, phone, ip, trust);
  const enough = (level: number) => level === 0 || (solved !== undefined && solved.level >= level);
  // A send short of its proof writes nothing, so a read without locks may tell it; only one that may pass takes them.
  const early = await sendLevel(db, counts, now);
  if (!enough(early)) return { challenge: early };
  return db.transaction(async (tx) => {
    const subjects = counts.map(([s]) => s);
    await lock(tx, subjects);
    const level = await sendLevel(tx, counts, now);
    if (!enough(level) || (level > 0 && solved && !(await spendSolution(tx, solved, now)))) return { challenge: level };
    await record(tx, subjects, now);
    await tx.query(
      `INSERT INTO sms_codes (requester_hash, phone, code_hash, link_hash, attempts, expires_at, created_at)
       VALUES ($1, $2, $3, $4, 0, $5::timestamptz, $6::timestamptz)
       ON CONFLICT (requester_hash, phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, link_hash = EXCLUDED.link_hash,
         attempts = 0, expires_at = EXCLUDED.expires_at, confirmed_at = NULL, used_at = NULL, created_at = EXCLUDED.created_at`,
      [visitorHash, phone, hashes.code, hashes.link, new Date(now + CODE_TTL_MINUTES * 60_000).toISOString(), new Date(now).toISOString()],
    );
    const alerts: BudgetAlert[] = [];
    for (const { max, ms } of limits.countrySends) {
      const sent = await count(tx, subject('countrySends', countryKey(phone)), ms, max, now);
      if (sent === Math.ceil(max * ALERT_SHARE)) alerts.push({ window: ms < DAY ? 'hour' : 'day', sent, max });
    }
    return { alerts };
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

/** A check refused: too many from its address, or wrong guesses of its own; retryAfterMs until the same may pass. */
export interface Refusal {
  error: 'too_many_checks';
  retryAfterMs: number;
}

/** Who checks a code: the address and, when the request names one (cf_pending), the hash of its visitor id. */
interface Requester {
  ip: string;
  visitorHash?: string | undefined;
}

/** The checks' counts of a requester's address (and IPv6 /48), and its wrong guesses' (visitor id, address, /48). */
function checkCounts(p: Policies, { ip, visitorHash }: Requester): { checks: Count[]; failures: Count[] } {
  const site = siteKey(ip);
  const keys = visitorHash === undefined ? addressKeys(ip) : [visitorKey(visitorHash), ...addressKeys(ip)];
  return {
    checks: [[subject('ipChecks', ipKey(ip)), p.ipChecks], ...(site ? [[subject('siteChecks', site), p.siteChecks] as const] : [])],
    failures: keys.map((key) => [subject('requesterFailures', key), p.requesterFailures] as const),
  };
}

/** Why requester may not check a code now, if it may not. */
async function checkRefusal(q: Queryable, { checks, failures }: ReturnType<typeof checkCounts>, now: number): Promise<Refusal | undefined> {
  const wait = await longestWait(q, [...checks, ...failures], now);
  return wait > 0 ? { error: 'too_many_checks', retryAfterMs: wait } : undefined;
}

/**
 * Checks a code against the live one the requesting visitor asked for. Every check let through counts against the
 * address (and its /48), but one answered confirm_by_link, which compares nothing; a wrong guess counts against the
 * phone and the requester (visitor, address, /48). A check that could not have verified (no live code of this
 * visitor's) is never compared and never counts as a wrong guess.
 * A match uses the code up and records the phone as verified by the visitor holding the verification id of idHash.
 */
export async function checkCode(
  db: Db,
  limits: Policies,
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
  const phoneFailures = subject('phoneFailures', phoneKey(phone));
  const guessesUsed = async (q: Queryable) => (await waitFor(q, phoneFailures, limits.phoneFailures, now)) > 0;
  if (send?.live && (await guessesUsed(db))) return 'confirm_by_link';
  const counts = checkCounts(limits, { ip, visitorHash });
  const early = await checkRefusal(db, counts, now);
  if (early) return early;
  const failures = [phoneFailures, ...counts.failures.map(([s]) => s)];
  return db.transaction(async (tx) => {
    await lock(tx, [...failures, ...counts.checks.map(([s]) => s)]);
    const refusal = await checkRefusal(tx, counts, now);
    if (refusal) return refusal;
    await record(
      tx,
      counts.checks.map(([s]) => s),
      now,
    );
    if (visitorHash === undefined || !(await sendOf(tx, visitorHash, phone, now))?.live) return 'expired';
    if (await guessesUsed(tx)) return 'confirm_by_link';
    const match = await matchLiveCode(tx, visitorHash, phone, codeHash, now);
    if (match === 'none') return 'expired';
    if (match !== 'match') {
      await record(tx, failures, now);
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
