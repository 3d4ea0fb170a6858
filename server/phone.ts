// Turns phones as clients send them into E.164, the only form the server stores and compares.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { parsePhone } from '../engine/validators.ts';

/** A phone as the user typed it ("(202) 555-0123", "+381 64 123 4567"), read the way the client reads it. */
export function e164FromTyped(input: string): string | undefined {
  return parsePhone(input)?.number;
}

/** A calling code ("+1", "381") and national digits, as the SMS calls send them; only numbers valid for their country. */
export function e164FromParts(countryCode: string, national: string): string | undefined {
  const code = countryCode.replace(/\D/g, '');
  const digits = national.replace(/[\s().-]/g, '');
  if (code === '' || !/^\d{4,15}$/.test(digits)) return undefined;
  const parsed = parsePhoneNumberFromString(`+${code}${digits}`);
  return parsed?.isValid() ? parsed.number : undefined;
}
