// Field rules of the spec (§5), shared by guards in flows, widgets' check marks and the server.
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js';

/** One-time code length (§9): the code input takes this many digits and the server sends codes of this length. */
export const CODE_LENGTH = 4;

const FULL_NAME = /^\s*\p{L}{2,}\s+\p{L}+(['-]\p{L}+)*(\s+\p{L}+(['-]\p{L}+)*)*\s*$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The one phone parser, for the check mark and the server alike (§5): digits starting with 381 are Serbian, +<country>
 * is read as typed, anything else as a US number. Only numbers libphonenumber-js deems valid are returned.
 */
export function parsePhone(input: string): PhoneNumber | undefined {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  let parsed: PhoneNumber | undefined;
  if (trimmed.startsWith('+')) parsed = parsePhoneNumberFromString(trimmed);
  else if (digits.startsWith('381')) parsed = parsePhoneNumberFromString(`+${trimmed}`);
  else parsed = parsePhoneNumberFromString(trimmed, 'US');
  return parsed?.isValid() ? parsed : undefined;
}

export const validators = {
  fullName: (v: unknown) => typeof v === 'string' && FULL_NAME.test(v),
  email: (v: unknown) => typeof v === 'string' && EMAIL.test(v.trim()),
  phone: (v: unknown) => typeof v === 'string' && v.trim().length > 7 && parsePhone(v) !== undefined,
  code: (v: unknown) => typeof v === 'string' && new RegExp(`^\\d{${CODE_LENGTH}}$`).test(v),
} satisfies Record<string, (v: unknown) => boolean>;

export type ValidatorName = keyof typeof validators;

export function isValid(name: string, value: unknown): boolean {
  const rule = (validators as Record<string, (v: unknown) => boolean>)[name];
  if (!rule) throw new Error(`unknown validator "${name}"`);
  return rule(value);
}

/** First word of a full name, or everything after it. */
export function splitName(full: unknown, part: 'first' | 'last'): string {
  const words = typeof full === 'string' ? full.trim().split(/\s+/) : [];
  return part === 'first' ? (words[0] ?? '') : words.slice(1).join(' ');
}
