// Limits on one-time codes, counted in the database in sliding windows: sends per phone, per address, per network (IPv4
// /24, IPv6 /48), per range of numbers and per country; checks per address (and IPv6 /48); wrong guesses per requester
// (visitor, address, /48), and per phone the 10 wrong guesses a month after which its codes are no longer checked
// (the texts' links still confirm the owner). A full send window refuses no one: the next send needs a proof of work
// (send-challenges.ts) that doubles for every further window's worth, so a flood pays for itself and a stranger's
// sends never lock a phone's owner out. Counts that may let a request through are taken under row locks.
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
  /** Codes sent from one network: an IPv4 /24 or an IPv6 /48 (65,536 /64s, each of which ipSends also counts). */
  networkSends: Window[];
  /** Codes sent to numbers sharing their country code and first 6 national digits (a range SMS pumping buys). */
  prefixSends: Window[];
  /** Checks from one address. */
  ipChecks: Window[];
  /**
   * Checks from one IPv6 /48. Not from an IPv4 /24: a carrier's NAT puts thousands of strangers behind one, and a
   * refused check, unlike a send past its limits, has no proof of work to get it through.
   */
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
  // Past 3 in 10 minutes or 50 a day, each text to one person costs its sender (a stranger or the owner) a proof of work.
  phoneSends: [
    { max: 3, ms: 10 * MINUTE },
    { max: 50, ms: DAY },
  ],
  // Sized so that a flood runs into its own addresses' limits before the country's budget (SMS_HOURLY_BUDGET 500 and
  // SMS_DAILY_BUDGET 5,000 by default): 50 addresses reach 250 an hour, 167 reach 3,340 a day.
  ipSends: [
    { max: 5, ms: HOUR },
    { max: 20, ms: DAY },
  ],
  // A network may hold a few households or offices (or a carrier's NAT, which then pays a proof of work).
  networkSends: [
    { max: 20, ms: HOUR },
    { max: 60, ms: DAY },
  ],
  // An exchange (NPA-NXX in the US) holds 10,000 numbers of one carrier: real people rarely ask 10 codes in an hour there.
  prefixSends: [
    { max: 10, ms: HOUR },
    { max: 50, ms: DAY },
  ],
  // Three checks for each code an address may have sent without a proof of work, and more.
  ipChecks: [
    { max: 30, ms: HOUR },
    { max: 90, ms: DAY },
  ],
  siteChecks: [
    { max: 90, ms: HOUR },
    { max: 270, ms: DAY },
  ],
  // Two codes' worth of wrong guesses, then a pause of up to 10 minutes.
  requesterFailures: [{ max: 6, ms: 10 * MINUTE }],
  // Keeps a 4-digit code at 10 guesses a month (1 in 1,000) for an attacker with any number of addresses.
  phoneFailures: { max: 10, ms: 30 * DAY },
};

/** too_many_checks: the only refusal left; a send past its limits asks for a proof of work instead. */
export type LimitError = 'too_many_checks';

export interface Refusal {
  error: LimitError;
  /** How long until the same request can pass. */
  retryAfterMs: number;
}

type Kind = 'send' | 'check' | 'failure';

export const phoneSubject = (phone: string): string => `phone:${phone}`;

/** The subject a visitor is counted under: the hash of the id in its cf_pending cookie. */
export const visitorSubject = (visitorHash: string): string => `visitor:${visitorHash}`;

const mappedV4 = (ip: string): string => {
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const v6 = ipaddr.IPv6.parse(ip);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address().toString() : ip;
};

/** The subject an address is counted under: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, which one client may own whole. */
export function ipSubject(ip: string): string {
  const address = mappedV4(ip);
  if (!ipaddr.IPv6.isValid(address)) return `ip:${address}`;
  return `ip:${ipaddr.IPv6.parse(address)
    .parts.slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** The IPv6 /48 an address is also counted under (none for IPv4, also when IPv4-mapped). */
export function siteSubject(ip: string): string | undefined {
  const address = mappedV4(ip);
  if (!ipaddr.IPv6.isValid(address)) return undefined;
  return `site:${ipaddr.IPv6.parse(address)
    .parts.slice(0, 3)
    .map((part) => part.toString(16))
    .join(':')}::/48`;
}

/** The network a send is also counted under: its IPv6 /48, or its IPv4 /24 (also when IPv4-mapped). */
export const networkSubject = (ip: string): string => siteSubject(ip) ?? `net:${mappedV4(ip).split('.').slice(0, 3).join('.')}.0/24`;

/** The range a phone (E.164) is counted under: its country code and first 6 national digits, e.g. prefix:+1 202555. */
export function prefixSubject(phone: string): string {
  const parsed = parsePhone(phone);
  return parsed ? `prefix:+${parsed.countryCallingCode} ${parsed.nationalNumber.slice(0, 6)}` : `prefix:${phone.slice(0, 8)}`;
}

/** The country a phone (E.164) is counted under: its calling code, e.g. country:+1. */
export function countrySubject(phone: string): string {
  const parsed = parsePhone(phone);
  return `country:+${parsed ? parsed.countryCallingCode : phone.slice(1, 2)}`;
}

/** The subjects of a check from ip: the address (or /64), and the /48 of an IPv6 one. */
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

/** The highest proof-of-work level a send asks for: past it, the work no longer grows (128 times the first level's). */
export const MAX_LEVEL = 8;

/** 0 while a window has room; 1 once it is full, and one more for every further window's worth (at most MAX_LEVEL). */
export const overflowLevel = (count: number, max: number): number => (count < max ? 0 : Math.min(MAX_LEVEL, 1 + Math.floor((count - max) / Math.max(1, max))));

/** The subject's sends in the last ms, counted up to cap. */
async function sendsIn(q: Queryable, subject: string, now: number, ms: number, cap: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM code_limit_events WHERE subject = $1 AND kind = 'send' AND at > $2::timestamptz LIMIT $3) recent`,
    [subject, at(now - ms), cap],
  );
  return Number(rows[0]?.n ?? 0);
}

/** A subject a send is counted under, with the windows that may ask its sender for a proof of work. */
export interface SendCount {
  subject: string;
  windows: Window[];
}

/**
 * Who the sender is to the phone: a stranger (none); known, the number took a lead or was verified before, so it is a
 * person's and not a number bought for pumping (its range and country no longer count against it); owner, this very
 * browser verified it in the last day (only its address's own limits count).
 */
export type SendTrust = 'none' | 'known' | 'owner';

/** The subjects a send from ip to phone counts under, each with the windows that apply to a sender of that trust. */
export function sendCounts(limits: CodeLimits, countrySends: Window[], phone: string, ip: string, trust: SendTrust): SendCount[] {
  const shared = trust === 'none';
  return [
    { subject: ipSubject(ip), windows: limits.ipSends },
    { subject: networkSubject(ip), windows: limits.networkSends },
    { subject: phoneSubject(phone), windows: trust === 'owner' ? [] : limits.phoneSends },
    { subject: prefixSubject(phone), windows: shared ? limits.prefixSends : [] },
    { subject: countrySubject(phone), windows: shared ? countrySends : [] },
  ];
}

/** The proof-of-work level a send counted under these subjects needs now: 0 for none. */
export async function sendLevel(q: Queryable, counts: SendCount[], now: number): Promise<number> {
  let level = 0;
  for (const { subject, windows } of counts) {
    for (const { max, ms } of windows) level = Math.max(level, overflowLevel(await sendsIn(q, subject, now, ms, max * MAX_LEVEL), max));
  }
  return level;
}

/** The windows of a subject whose count this send (already counted) brought to share of their max. */
export async function windowsReaching(q: Queryable, { subject, windows }: SendCount, share: number, now: number): Promise<{ window: Window; sent: number }[]> {
  const reached = [];
  for (const window of windows) {
    const sent = await sendsIn(q, subject, now, window.ms, window.max);
    if (sent === Math.ceil(window.max * share)) reached.push({ window, sent });
  }
  return reached;
}

/** Whether the phone's codes may still be compared: fewer than phoneFailures.max wrong guesses in its window. */
export async function phoneGuessesLeft(q: Queryable, limits: CodeLimits, phone: string, now: number): Promise<boolean> {
  const { max, ms } = limits.phoneFailures;
  return (await recent(q, phoneSubject(phone), 'failure', now, ms, max)).length < max;
}

/** Why requester may not check a code now, if it may not: too many checks from its address, or wrong guesses of its own. */
export async function checkRefusal(q: Queryable, limits: CodeLimits, requester: Requester, now: number): Promise<Refusal | undefined> {
  const site = siteSubject(requester.ip);
  const waits = [await waitFor(q, ipSubject(requester.ip), 'check', limits.ipChecks, now), site ? await waitFor(q, site, 'check', limits.siteChecks, now) : 0];
  for (const subject of requesterSubjects(requester)) waits.push(await waitFor(q, subject, 'failure', limits.requesterFailures, now));
  const wait = Math.max(...waits);
  return wait > 0 ? { error: 'too_many_checks', retryAfterMs: wait } : undefined;
}

/**
 * Locks the subjects' rows (made when missing) for the rest of the transaction, always in one order so that two
 * requests cannot deadlock; then drops their events too old to count for anything (sends count for a day at most).
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
      at(now - Math.max(DAY, ...[limits.phoneSends, limits.ipSends, limits.networkSends, limits.prefixSends].map(longest))),
      at(now - Math.max(longest(limits.ipChecks), longest(limits.siteChecks))),
      at(now - Math.max(limits.phoneFailures.ms, longest(limits.requesterFailures))),
    ],
  );
}

export async function addEvent(tx: Queryable, subject: string, kind: Kind, now: number): Promise<void> {
  await tx.query('INSERT INTO code_limit_events (subject, kind, at) VALUES ($1, $2, $3::timestamptz)', [subject, kind, at(now)]);
}
