// The texts the server sends by SMS, in the subscriber's language: locales/<locale>/sms.json, typed by the English one.
import en from '../../locales/en/sms.json' with { type: 'json' };
import es from '../../locales/es/sms.json' with { type: 'json' };
import { fill } from '../reports/report-copy.ts';

export const SMS_LOCALES = ['en', 'es'] as const;
export type SmsLocale = (typeof SMS_LOCALES)[number];

// The Spanish catalogue must hold every key of the English one: a missing key fails the type-check here.
const catalogues: Record<SmsLocale, typeof en> = { en, es };

/**
 * What each text is filled with. Lengths, with a 30-character PUBLIC_URL (https://claimflow.example.com):
 * - code: one segment, GSM-7: 132 characters in English, 147 in Spanish (its link carries ?lang=es), with an
 *   18-character host; 160 at most. The Spanish is correct Spanish in words that need no á, í, ó or ú ("clave", not
 *   "codigo" without its accent): one of them would make the text UCS-2, 67 characters a segment, three segments.
 * - alertFound, alertEnded: GSM-7 only, likewise by wording, not by dropping accents: with a report link and its proof
 *   (116 characters: no VIN, server/alerts/report-path.ts) 261 in English,
 *   301 in Spanish (its links carry lang=es): two segments (153 each, up to 306). Under 160 is out of reach with two
 *   links in one text.
 * - help (the HELP reply): GSM-7 only, 69 characters in English and 100 in Spanish besides the operator's name, phone
 *   and e-mail: one segment while those three add up to 91 characters at most in English and 60 in Spanish (the demo
 *   operator's: 50); past that, two (and UCS-2, three or more, if the name or e-mail has a character GSM-7 lacks).
 * tests/server/sms-text.test.ts holds them to this.
 */
export interface SmsVars {
  /** The one-time code, the web app's host for WebOTP's last line, and link: PUBLIC_URL + '/verify/' + its token. */
  code: { code: string; host: string; link: string };
  /** link: PUBLIC_URL + the report's path; stop: PUBLIC_URL + unsubscribePath() (server/sms/stops.ts). */
  alertFound: { link: string; stop: string };
  /** link: PUBLIC_URL + '/find-my-report'; stop: PUBLIC_URL + unsubscribePath(). */
  alertEnded: { link: string; stop: string };
  /** The operator's name, its support phone as people dial it and e-mail (server/config.ts: Operator). */
  help: { name: string; phone: string; email: string };
}
export type SmsKey = keyof SmsVars;

/**
 * The text of key in locale. The code's last line is WebOTP's (`@<host> #<code>`) in every language, so a browser on
 * host can fill the code in. Links open the app in the text's language (?lang=es; English is the app's default).
 */
export function smsText<K extends SmsKey>(locale: SmsLocale, key: K, vars: SmsVars[K]): string {
  const catalogue = catalogues[locale];
  if (key === 'code') {
    const { code, host, link } = vars as SmsVars['code'];
    return `${fill(catalogue.code, { code, link: inLanguage(link, locale) })}\n@${host} #${code}`;
  }
  if (key === 'help') return fill(catalogue.help, vars);
  const { link, stop } = vars as SmsVars['alertFound'];
  return fill(catalogue[key], { link: inLanguage(link, locale), stop: inLanguage(stop, locale) });
}

/** url with ?lang=<locale>, but for English, which the app shows when no language is asked for. */
function inLanguage(url: string, locale: SmsLocale): string {
  if (locale === 'en') return url;
  const withLang = new URL(url);
  withLang.searchParams.set('lang', locale);
  return withLang.href;
}
