// Field rules of the spec (§5), shared by guards in flows, widgets' check marks and the server.
import type { PhoneNumber } from 'libphonenumber-js';
import { parsePhoneNumberFromString, phoneLibraryLoaded } from './phone.ts';
import { isVehicleYear } from './report-search.ts';

/** One-time code length (§9): the code input takes this many digits and the server sends codes of this length. */
export const CODE_LENGTH = 4;

const FULL_NAME = /^\s*\p{L}{2,}\s+\p{L}+(['-]\p{L}+)*(\s+\p{L}+(['-]\p{L}+)*)*\s*$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The last inputs parsePhone read and what they gave, oldest first. */
const recent = new Map<string, PhoneNumber | undefined>();
const RECENT_MAX = 50;

/**
 * The one phone parser, for the check mark and the server alike (§5): digits starting with 381 are Serbian, +<country>
 * is read as typed, anything else as a US number. Only numbers libphonenumber-js deems valid are returned (none before
 * engine/phone.ts has loaded it).
 */
export function parsePhone(input: string): PhoneNumber | undefined {
  if (!phoneLibraryLoaded()) return undefined;
  // Every render of the contact step asks several times (check mark, error, the Next guard), and parsing is slow.
  if (recent.has(input)) return recent.get(input);
  const result = parseUncached(input);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(input, result);
  return result;
}

function parseUncached(input: string): PhoneNumber | undefined {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  let parsed: PhoneNumber | undefined;
  if (trimmed.startsWith('+')) parsed = parsePhoneNumberFromString(trimmed);
  else if (digits.startsWith('381')) parsed = parsePhoneNumberFromString(`+${trimmed}`);
  else parsed = parsePhoneNumberFromString(trimmed, 'US');
  return parsed?.isValid() ? parsed : undefined;
}

/** VIN characters: digits and capital letters except I, O and Q (ISO 3779). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c, i) => [c, [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i] as number]),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (0-9 or X) of a well-formed VIN's other characters (49 CFR 565.15); its own 9th does not count. */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((total, c, i) => total + (/\d/.test(c) ? Number(c) : (VIN_VALUES[c] ?? 0)) * (VIN_WEIGHTS[i] ?? 0), 0);
  return sum % 11 === 10 ? 'X' : String(sum % 11);
}

/** Whether a well-formed VIN's 9th character is the check digit of the others (not every maker follows it). */
export function vinCheckDigitMatches(vin: string): boolean {
  return vin[8] === vinCheckDigit(vin);
}

/** The day of `now` as YYYY-MM-DD in the local time zone (the visitor's, in a browser). */
export function today(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A field rule: the date rules read the time they are asked at, given by the caller (the engine reads no clock). */
type Rule = (v: unknown, now: Date) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const validators = {
  /** Some text besides spaces (case ID and other free fields). */
  required: (v: unknown) => typeof v === 'string' && v.trim() !== '',
  vin: (v: unknown) => typeof v === 'string' && VIN.test(v),
  /** An accident date: YYYY-MM-DD, a real date, not after the day of `now` (§5). */
  pastDate: (v: unknown, now: Date) => typeof v === 'string' && isCalendarDate(v) && v <= today(now),
  /** A vehicle year: a whole number from 1900 to the year of `now` (§5). */
  vehicleYear: (v: unknown, now: Date) => isVehicleYear(v, now.getFullYear()),
  /** A place chosen from the suggestions (or found from a map pin): it has an address and a state. */
  place: (v: unknown) => isObject(v) && typeof v.address === 'string' && v.address !== '' && typeof v.state === 'string' && v.state !== '',
  /** A map point. */
  point: (v: unknown) => isObject(v) && typeof v.lat === 'number' && typeof v.lng === 'number',
  fullName: (v: unknown) => typeof v === 'string' && FULL_NAME.test(v),
  email: (v: unknown) => typeof v === 'string' && EMAIL.test(v.trim()),
  phone: (v: unknown) => typeof v === 'string' && v.trim().length > 7 && parsePhone(v) !== undefined,
  code: (v: unknown) => typeof v === 'string' && new RegExp(`^\\d{${CODE_LENGTH}}$`).test(v),
} satisfies Record<string, Rule>;

export type ValidatorName = keyof typeof validators;

/** Whether a value passes a rule; `now` is the caller's time, which the date rules compare with. */
export function isValid(name: string, value: unknown, now: Date): boolean {
  const rule = (validators as Record<string, Rule>)[name];
  if (!rule) throw new Error(`unknown validator "${name}"`);
  return rule(value, now);
}

/** First word of a full name, or everything after it. */
export function splitName(full: unknown, part: 'first' | 'last'): string {
  const words = typeof full === 'string' ? full.trim().split(/\s+/) : [];
  return part === 'first' ? (words[0] ?? '') : words.slice(1).join(' ');
}
