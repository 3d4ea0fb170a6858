// Every limit the service keeps, by name: how many events of one subject (a phone, an address, a report...) it allows
// in which windows. All of them are counted by one counter (limit-events.ts) as events of subjects named
// `<policy> <key>`, e.g. `phoneSends phone:+12025550123`. No limit is a weapon: a code send past its limits costs a
// proof of work rather than a refusal (one-time-codes.ts, send-challenges.ts), and a stranger's wrong guesses never
// lock out a phone's or a report's owner (their guesses count against the guesser first).
import ipaddr from 'ipaddr.js';
import { parsePhone } from '../../engine/validators.ts';
import type { Config } from '../config.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** The window of the per-address request limits: their events are purged once it has passed. */
export const REQUEST_WINDOW_MS = MINUTE;

/** At most `max` events in any `ms` milliseconds. */
export interface Window {
  max: number;
  ms: number;
}

/** The leads a phone may make a day, the same under every setting. */
export const LEADS_PER_PHONE_PER_DAY = 5;

/** max events in ms. */
const per = (max: number, ms: number): Window => ({ max, ms });

/** The limits no setting changes. */
const FIXED = {
  /** Codes sent to one phone: past 3 in 10 minutes or 50 a day, each text costs its sender (a stranger or the owner) a proof of work. */
  phoneSends: [per(3, 10 * MINUTE), per(50, DAY)],
  /**
   * Codes sent from one address (an IPv6 /64 is one), sized so that a flood runs into its own addresses' limits before
   * the country's budget (500 an hour and 5,000 a day by default): 50 addresses reach 250 an hour, 167 reach 3,340 a day.
   */
  ipSends: [per(5, HOUR), per(20, DAY)],
  /** Codes sent from an IPv4 /24 or IPv6 /48: a few households or offices (or a carrier's NAT, which then pays a proof of work). */
  networkSends: [per(20, HOUR), per(60, DAY)],
  /** Codes sent to a range (country code and 6 national digits; in the US an exchange of one carrier, which SMS pumping buys). */
  prefixSends: [per(10, HOUR), per(50, DAY)],
  /** Code checks from one address: three for each code it may have sent without a proof of work, and more. */
  ipChecks: [per(30, HOUR), per(90, DAY)],
  /** Checks from one IPv6 /48. Not from an IPv4 /24: a carrier's NAT puts thousands of strangers behind one, and a refused check has no proof of work. */
  siteChecks: [per(90, HOUR), per(270, DAY)],
  /** Wrong guesses by one requester (its visitor id, its address, its /48, each held back alone): two codes' worth, then a pause. */
  requesterFailures: [per(6, 10 * MINUTE)],
  /**
   * Wrong guesses at codes the phone was sent, each by the visitor who asked for it: 10 a month keeps a 4-digit code at
   * 1 in 1,000 for an attacker with any number of addresses. Past them its codes are no longer compared (each text's
   * link still confirms its own requester); a check that could not have verified never counts.
   */
  phoneFailures: [per(10, 30 * DAY)],
  /** Wrong guesses at reports' facts (a VIN, a case ID, a last name) from one address, at any report or search. */
  addressGuesses: [per(10, HOUR), per(30, DAY)],
  /** Wrong guesses at one report from anywhere: past them it is under attack, and each address gets addressGuessesAtReport more. */
  reportGuesses: [per(20, HOUR)],
  addressGuessesAtReport: [per(3, HOUR)],
  /** Leads of one phone, across funnels (each funnel makes one per verification). */
  phoneLeads: [per(LEADS_PER_PHONE_PER_DAY, DAY)],
};

/** Requests per address (the API's and the web app's apart), counted in one window each: the request limiter's. */
export const REQUEST_POLICIES = ['apiRequests', 'webRequests'] as const;
export type RequestPolicy = (typeof REQUEST_POLICIES)[number];

/** Every policy: those above, the country's SMS budget, TCPA consents per phone and requests per address (settings). */
export type PolicyName = keyof typeof FIXED | 'countrySends' | 'phoneConsents' | RequestPolicy;
export type Policies = Record<PolicyName, Window[]>;

type Settings = Pick<Config, 'smsBudget' | 'tcpaConsentsPerPhone' | 'rateLimit'>;

/** The policies under these settings, with changes (tests shrink or drop some). */
export function limitPolicies({ smsBudget, tcpaConsentsPerPhone, rateLimit }: Settings, changes: Partial<Policies> = {}): Policies {
  return {
    ...FIXED,
    countrySends: [per(smsBudget.hourly, HOUR), per(smsBudget.daily, DAY)],
    phoneConsents: [per(tcpaConsentsPerPhone, DAY)],
    apiRequests: [per(rateLimit.apiPerMinute, REQUEST_WINDOW_MS)],
    webRequests: [per(rateLimit.staticPerMinute, REQUEST_WINDOW_MS)],
    ...changes,
  };
}

/** The subject a policy counts a key's events under. */
export const subject = (policy: PolicyName, key: string): string => `${policy} ${key}`;

export const phoneKey = (phone: string): string => `phone:${phone}`;

/** The key a visitor is counted under: the hash of the id in its cf_pending cookie. */
export const visitorKey = (visitorHash: string): string => `visitor:${visitorHash}`;

const mappedV4 = (ip: string): string => {
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const v6 = ipaddr.IPv6.parse(ip);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address().toString() : ip;
};

const v6Prefix = (address: string, groups: number): string =>
  `${ipaddr.IPv6.parse(address)
    .parts.slice(0, groups)
    .map((part) => part.toString(16))
    .join(':')}::/${groups * 16}`;

/** The key an address is counted under: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, which one client may own whole. */
export function ipKey(ip: string): string {
  const address = mappedV4(ip);
  return ipaddr.IPv6.isValid(address) ? `ip:${v6Prefix(address, 4)}` : `ip:${address}`;
}

/** The IPv6 /48 an address is also counted under (none for IPv4, also when IPv4-mapped). */
export function siteKey(ip: string): string | undefined {
  const address = mappedV4(ip);
  return ipaddr.IPv6.isValid(address) ? `site:${v6Prefix(address, 3)}` : undefined;
}

/** The network a send is also counted under: its IPv6 /48, or its IPv4 /24 (also when IPv4-mapped). */
export const networkKey = (ip: string): string => siteKey(ip) ?? `net:${mappedV4(ip).split('.').slice(0, 3).join('.')}.0/24`;

/** The range a phone (E.164) is counted under: its country code and first 6 national digits, e.g. prefix:+1 202555. */
export function prefixKey(phone: string): string {
  const parsed = parsePhone(phone);
  return parsed ? `prefix:+${parsed.countryCallingCode} ${parsed.nationalNumber.slice(0, 6)}` : `prefix:${phone.slice(0, 8)}`;
}

/** The country a phone (E.164) is counted under: its calling code, e.g. country:+1. */
export function countryKey(phone: string): string {
  const parsed = parsePhone(phone);
  return `country:+${parsed ? parsed.countryCallingCode : phone.slice(1, 2)}`;
}

/** The keys of a request from ip: the address (or /64), and the /48 of an IPv6 one. */
export function addressKeys(ip: string): string[] {
  const site = siteKey(ip);
  return site ? [ipKey(ip), site] : [ipKey(ip)];
}

/** Every subject that names a phone, which its owner's erasure deletes. */
export const phoneSubjects = (phone: string): string[] =>
  (['phoneSends', 'phoneFailures', 'phoneConsents', 'phoneLeads'] as const).map((policy) => subject(policy, phoneKey(phone)));
