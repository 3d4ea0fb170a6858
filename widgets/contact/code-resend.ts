// "Send a new code" on the code step: the app provides the send (the funnel's own sendCode effect, the same
// POST /user/mfa-sms-send the contact step's Next made, in src/api/phone-link.ts), and the step shows when it may ask
// again: a minute after each send, or as long as a refusal's Retry-After says (the API holds sends to a phone to 3 in
// 10 minutes and 50 a day, server/limits/policies.ts, and its other limits; it alone knows them all).
import { createContext } from 'react';

/** What came of a resend: sent, or refused with the copy key of why and how long to wait (a 429's Retry-After). */
export type ResendResult = { sent: true } | { sent: false; messageKey: string; waitSeconds?: number };

/** Sends a new code for the step's answers (phone) in the visitor's language; resolves, never rejects. */
export type ResendCode = (request: { answers: Record<string, unknown>; locale: string }, signal: AbortSignal) => Promise<ResendResult>;

/** None outside the app (widget tests, other hosts): the step then says to go back for a new code. */
export const CodeResendContext = createContext<ResendCode | null>(null);

/** The wait after each send before the step offers another: a text takes a few seconds, seldom a minute. */
export const RESEND_AFTER_S = 60;

/** A countdown as a clock shows it: 0:42, 8:00, 2:00:00. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h > 0 ? `${h}:${two(m)}:${two(rest)}` : `${m}:${two(rest)}`;
}

/**
 * How long to wait in words of the visitor's language ("8 minutes", "2 horas"), for a refusal's {{wait}}: as the funnel
 * page words a step's refusal (src/funnel/format-wait.ts, which widgets do not import).
 */
export function waitWords(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 3600
      ? [Math.max(1, Math.ceil(seconds / 60)), 'minute']
      : seconds < 48 * 3600
        ? [Math.ceil(seconds / 3600), 'hour']
        : [Math.ceil(seconds / 86400), 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
