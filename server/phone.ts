// Turns phones as clients send them into E.164, the only form the server stores and compares, with the web app's parser;
// and says which of them may be texted a one-time code.
import { parsePhoneNumberFromString as parseWithTypes } from 'libphonenumber-js/max';
import { parsePhone } from '../engine/validators.ts';

/** A phone as the user typed it ("(202) 555-0123", "381641234567", "+44 20 7946 0958"), read as the check mark reads it. */
export function e164FromTyped(input: string): string | undefined {
  return parsePhone(input)?.number;
}

/** A calling code ("+1", "381") and national digits, as the SMS calls send them; the same parser, as +<code><digits>. */
export function e164FromParts(countryCode: string, national: string): string | undefined {
  const code = countryCode.trim().replace(/^\+/, '');
  const digits = national.replace(/[\s().-]/g, '');
  if (!/^\d{1,3}$/.test(code) || !/^\d{4,15}$/.test(digits)) return undefined;
  return e164FromTyped(`+${code}${digits}`);
}

/** A phone (E.164) as people read and dial it: (512) 555-0142 in the US, else its E.164 as it is. */
export function phoneForPeople(phone: string): string {
  return /^\+1\d{10}$/.test(phone) ? `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}` : phone;
}

/**
 * Whether a one-time code may be texted to phone (E.164): a number of one of countries (ISO 3166 codes) that can take
 * texts by libphonenumber's full metadata: mobile, or fixed-line-or-mobile where the ranges cannot be told apart (the
 * US). Premium-rate, toll-free, shared-cost, VoIP, pager and other non-geographic ranges are what SMS pumping buys.
 */
export function textableIn(phone: string, countries: readonly string[]): boolean {
  const number = parseWithTypes(phone);
  const type = number?.getType();
  return number?.country !== undefined && countries.includes(number.country) && (type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE');
}
