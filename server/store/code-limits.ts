// Limits on one-time codes, counted in the database in sliding windows: sends per phone, per address (and IPv6 /48) and
// per range of numbers; checks per address (and /48); wrong guesses per requester (visitor, address, /48), and per phone
// the 10 wrong guesses a month after which its codes are no longer checked (the texts' links still confirm the owner).
// Counts that may let a request through are taken under row locks.
import ipaddr from 'ipaddr.js';
import { parsePhone } from '../../engine/validators.ts';
import type { Queryable } from '../db/db.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** At most `max` events in any `ms` milliseconds. */
export interface Window {
  max: number;
  ms: number;
}

export interface CodeLimits {
  /** Codes sent to one phone. */
  phoneSends: Window[];
  /** Codes sent from one address (an IPv6 /64 is one address). */
  ipSends: Window[];
  /** Codes sent from one IPv6 /48 (a site: 65,536 /64s, each of which ipSends also counts). */
  siteSends: Window[];
  /** Codes sent to numbers sharing their country code and first 6 national digits (a range SMS pumping buys). */
  prefixSends: Window[];
  /** Checks from one address. */
  ipChecks: Window[];
  /** Checks from one IPv6 /48. */
  siteChecks: Window[];
  /** Wrong guesses by one requester: its visitor id (cf_pending), its address, its IPv6 /48; each is held back alone. */
  requesterFailures: Window[];
  /**
   * Wrong guesses at codes the phone was sent, checked for the visitor who asked for each. Once there are max of them
   * in ms, its codes are no longer compared (confirm_by_link) until the oldest is ms old, so nobody gets more than max
   * guesses at a phone in ms; sends still go out, and each text's link confirms its own requester. A check that could
   * not have verified (no live code, or not the requester's) never counts here.
   */
  phoneFailures: Window;
}

export const DEFAULT_CODE_LIMITS: CodeLimits = {
  // Short, so a stranger's sends hold the owner back 10 minutes at most; the day's cap bounds texts to one person (a
  // stranger blocking a phone for a day must get 50 codes through: 2+ addresses, 3 hours; as many as its range takes).
  phoneSends: [{ max: 3, ms: 10 * MINUTE }, { max: 50, ms: DAY }],
  ipSends: [{ max: 10, ms: HOUR }, { max: 30, ms: DAY }],
  // A site may hold a few households or offices: three addresses' worth.
  siteSends: [{ max: 30, ms: HOUR }, { max: 90, ms: DAY }],
  // An exchange (NPA-NXX in the US) holds 10,000 numbers of one carrier: real people rarely ask 10 codes in an hour there.
  prefixSends: [{ max: 10, ms: HOUR }, { max: 50, ms: DAY }],
  // Three checks for each code an address may have sent.
  ipChecks: [{ max: 30, ms: HOUR }, { max: 90, ms: DAY }],
  siteChecks: [{ max: 90, ms: HOUR }, { max: 270, ms: DAY }],
  // Two codes' worth of wrong guesses, then a pause of up to 10 minutes.
  requesterFailures: [{ max: 6, ms: 10 * MINUTE }],
  // Keeps a 4-digit code at 10 guesses a month (1 in 1,000) for an attacker with any number of addresses.
  phoneFailures: { max: 10, ms: 30 * DAY },
};

/** sms_unavailable: the range of numbers, or the whole service (sms-budget.ts), may not be sent more codes for now. */
export type LimitError = 'too_many_sends' | 'too_many_checks' | 'sms_unavailable';

export interface Refusal {
  error: LimitError;
  /** How long until the same request can pass. */
  retryAfterMs: number;
}

type Kind = 'send' | 'check' | 'failure';

export const phoneSubject = (phone: string): string => `phone:${phone}`;

/** The subject a visitor is counted under: the hash of the id in its cf_pending cookie. */
export const visitorSubject = (visitorHash: string): string => `visitor:${visitorHash}`;

/** The subject an address is counted under: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, which one client may own whole. */
export function ipSubject(ip: string): string {
  if (!ipaddr.IPv6.isValid(ip)) return `ip:${ip}`;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return `ip:${v6.toIPv4Address().toString()}`;
  return `ip:${v6.parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

/** The IPv6 /48 an address is also counted under (none for IPv4, also when IPv4-mapped). */
export function siteSubject(ip: string): string | undefined {
  if (!ipaddr.IPv6.isValid(ip)) return undefined;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return undefined;
  return `site:${v6.parts.slice(0, 3).map((part) => part.toString(16)).join(':')}::/48`;
}

/** The range a phone (E.164) is counted under: its country code and first 6 national digits, e.g. prefix:+1 202555. */
export function prefixSubject(phone: string): string {
  const parsed = parsePhone(phone);
  return parsed ? `prefix:+${parsed.countryCallingCode} ${parsed.nationalNumber.slice(0, 6)}` : `prefix:${phone.slice(0, 8)}`;
}

/** The subjects of a request from ip: the address (or /64), and the /48 of an IPv6 one. */
export function addressSubjects(ip: string): string[] {
  const site = siteSubject(ip);
  return site ? [ipSubject(ip), site] : [ipSubject(ip)];
}

/** Who checks a code: the address and, when the request names one (cf_pending), the hash of its visitor id. */
export interface Requester {
  ip: string;
  visitorHash?: string;
}

/** The subjects a requester's wrong guesses count against: its visitor id, address and /48. */
export function requesterSubjects({ ip, visitorHash }: Requester): string[] {
  return visitorHash === undefined ? addressSubjects(ip) : [visitorSubject(visitorHash), ...addressSubjects(ip)];
}

const at = (ms: number): string => new Date(ms).toISOString();
const longest = (windows: Window[]): number => Math.max(0, ...windows.map((w) => w.ms));

/** Times (ms) of the subject's events of a kind newer than ms before now, newest first, at most limit of them. */
async function recent(q: Queryable, subject: string, kind: Kind, now: number, ms: number, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const { rows } = await q.query<{ ms: number }>(
    `SELECT (extract(epoch FROM at) * 1000)::float8 AS ms FROM code_limit_events
     WHERE subject = $1 AND kind = $2 AND at > $3::timestamptz ORDER BY at DESC LIMIT $4`,
    [subject, kind, at(now - ms), limit],
  );
  return rows.map((r) => Math.round(Number(r.ms)));
}

/** How long until the subject's events of a kind no longer fill any of the windows; 0 when none is full. */
async function waitFor(q: Queryable, subject: string, kind: Kind, windows: Window[], now: number): Promise<number> {
  const times = await recent(q, subject, kind, now, longest(windows), Math.max(0, ...windows.map((w) => w.max)));
  let wait = 0;
  for (const { max, ms } of windows) {
    // times are newest first, so the max-th newest leaving the window is what frees a place in it.
    const freed = times.filter((t) => t > now - ms).length >= max ? (times[max - 1] ?? now) + ms : now;
    wait = Math.max(wait, freed - now);
  }
  return wait;
}

/** Whether the phone's codes may still be compared: fewer than phoneFailures.max wrong guesses in its window. */
export async function phoneGuessesLeft(q: Queryable, limits: CodeLimits, phone: string, now: number): Promise<boolean> {
  const { max, ms } = limits.phoneFailures;
  return (await recent(q, phoneSubject(phone), 'failure', now, ms, max)).length < max;
}

/** Why a code may not be sent to phone from ip now, if it may not. */
export async function sendRefusal(q: Queryable, limits: CodeLimits, phone: string, ip: string, now: number): Promise<Refusal | undefined> {
  const site = siteSubject(ip);
  const wait = Math.max(
    await waitFor(q, phoneSubject(phone), 'send', limits.phoneSends, now),
    await waitFor(q, ipSubject(ip), 'send', limits.ipSends, now),
    site ? await waitFor(q, site, 'send', limits.siteSends, now) : 0,
  );
  if (wait > 0) return { error: 'too_many_sends', retryAfterMs: wait };
  const range = await waitFor(q, prefixSubject(phone), 'send', limits.prefixSends, now);
  return range > 0 ? { error: 'sms_unavailable', retryAfterMs: range } : undefined;
}

/** Why requester may not check a code now, if it may not: too many checks from its address, or wrong guesses of its own. */
export async function checkRefusal(q: Queryable, limits: CodeLimits, requester: Requester, now: number): Promise<Refusal | undefined> {
  const site = siteSubject(requester.ip);
  const waits = [
    await waitFor(q, ipSubject(requester.ip), 'check', limits.ipChecks, now),
    site ? await waitFor(q, site, 'check', limits.siteChecks, now) : 0,
  ];
  for (const subject of requesterSubjects(requester)) waits.push(await waitFor(q, subject, 'failure', limits.requesterFailures, now));
  const wait = Math.max(...waits);
  return wait > 0 ? { error: 'too_many_checks', retryAfterMs: wait } : undefined;
}

/**
 * Locks the subjects' rows (made when missing) for the rest of the transaction, always in one order so that two
 * requests cannot deadlock; then drops their events too old to count for anything.
 */
export async function lockSubjects(tx: Queryable, limits: CodeLimits, subjects: string[], now: number): Promise<void> {
  const sorted = [...new Set(subjects)].sort();
  const list = sorted.map((_, i) => `($${i + 1})`).join(', ');
  await tx.query(`INSERT INTO code_limit_subjects (subject) VALUES ${list} ON CONFLICT DO NOTHING`, sorted);
  const names = sorted.map((_, i) => `$${i + 1}`).join(', ');
  await tx.query(`SELECT subject FROM code_limit_subjects WHERE subject IN (${names}) ORDER BY subject FOR UPDATE`, sorted);
  const n = sorted.length;
  await tx.query(
    `DELETE FROM code_limit_events WHERE subject IN (${names})
     AND at <= (CASE kind WHEN 'send' THEN $${n + 1} WHEN 'check' THEN $${n + 2} ELSE $${n + 3} END)::timestamptz`,
    [
      ...sorted,
      at(now - Math.max(...[limits.phoneSends, limits.ipSends, limits.siteSends, limits.prefixSends].map(longest))),
      at(now - Math.max(longest(limits.ipChecks), longest(limits.siteChecks))),
      at(now - Math.max(limits.phoneFailures.ms, longest(limits.requesterFailures))),
    ],
  );
}

export async function addEvent(tx: Queryable, subject: string, kind: Kind, now: number): Promise<void> {
  await tx.query('INSERT INTO code_limit_events (subject, kind, at) VALUES ($1, $2, $3::timestamptz)', [subject, kind, at(now)]);
}
