// Masks what must never reach a log in full: phone numbers ('+12025550123' → '+1202***0123'), e-mail addresses, and the
// VINs and case IDs that prove involvement in a report.

/** 7 to 18 digits, optionally after '+' (or its URL encoding), up to two of ' ()-' between digits; not inside a longer word or number. */
const PHONE = /(?<![\w.+%-])(?:\+|%2B)?\d(?:[ ()-]{0,2}\d){6,17}(?!\w)/gi;
/** A local part and a domain, the @ possibly URL-encoded (query strings). */
const EMAIL = /[\w.+%-]+(@|%40)([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A fact proving involvement in a report: a vin=, caseId= or link's proof= value, or the VIN of /accident/{id}/{vin}. */
const PROOF_PARAM = /([?&](?:vin|caseId|proof)=)[^&#\s"]+/gi;
const PROOF_PATH = /(\/accident\/[\w-]+\/)[^/?#\s"]+/g;

/** '+12025550123' → '+1202***0123', '(202) 555-0123' → '(202***0123': enough to tell numbers apart, not to call one. */
export function maskPhone(phone: string): string {
  const plus = /^(\+|%2B)?/i.exec(phone)?.[0] ?? '';
  const digits = phone.slice(plus.length).replace(/\D/g, '');
  const tail = digits.length >= 10 ? 4 : 2;
  const head = Math.max(0, Math.min(4, digits.length - tail - 3));
  return `${plus}${digits.slice(0, head)}***${digits.slice(digits.length - tail)}`;
}

/** 'jane.roe@example.com' → 'j***@example.com'. */
export function maskEmail(email: string): string {
  const m = /^(.)[^@%]*(@|%40)(.*)$/s.exec(email);
  return m ? `${m[1]}***${m[2]}${m[3]}` : '***';
}

/** The text with every phone number, e-mail address and report proof in it masked; everything else as it was. */
export function maskSecrets(text: string): string {
  return text
    .replace(PROOF_PARAM, '$1***')
    .replace(PROOF_PATH, '$1***')
    .replace(EMAIL, (email) => maskEmail(email))
    .replace(PHONE, (match) => (ISO_DATE.test(match) ? match : maskPhone(match)));
}

/** A copy of a JSON value with maskSecrets applied to every string in it (keys included). */
export function maskJson(value: unknown): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (Array.isArray(value)) return value.map(maskJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskSecrets(k), maskJson(v)]));
  }
  return value;
}
