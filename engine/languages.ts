// The languages of the site and how a visit's is chosen: ?lang= when given, else the one chosen earlier in this visit
// (the cf_lang cookie, kept until the browser closes), else the browser's preferred (Accept-Language, read by the
// server), else English (spec §2: en and es, fallback en).

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK: Language = 'en';

/** The visit's chosen language: a session cookie both the app (on a switch) and the server (choosing a page) read. */
export const LANG_COOKIE = 'cf_lang';

export const supported = (lang: string | null | undefined): lang is Language => (LANGUAGES as readonly string[]).includes(lang ?? '');

/** The language asked for in a query string (?lang=es), if it is one of the site's. */
export function queryLanguage(search: string): Language | undefined {
  const lang = new URLSearchParams(search).get('lang');
  return supported(lang) ? lang : undefined;
}

/** A query string (with or without its "?") without its language: what else a page is drawn for, as "a=1&b=2". */
export function searchWithoutLanguage(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('lang');
  return params.toString();
}

/**
 * Dates and times in a language, one format per language as the copy writes them: "5 PM" and "5 p. m." (12 hours, as
 * the call times and consent texts say). Spanish is Intl's 'es' made 12-hour: 'es-US' writes "5 p.m." and 'es' alone
 * "17:00".
 */
export const dateTimeFormat = (lang: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es' : 'en-US', { hourCycle: 'h12', ...options });
