// i18next for the app: the visit's language (engine/languages.ts), catalogues fetched per language and namespace.
import i18next, { type ReadCallback } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK, LANG_COOKIE, LANGUAGES, queryLanguage, supported, type Language } from '../engine/languages.ts';
import { fetchCatalogue, type CatalogueLoader } from './api/catalogues.ts';

const cookieLanguage = () => document.cookie.match(new RegExp(`(?:^|; )${LANG_COOKIE}=([a-z]{2})`))?.[1];

/**
 * The language of a visit: ?lang= when given, else the one chosen earlier in the visit, else the page's own (the server
 * chose it by the browser's languages: server/pages.ts), else English.
 */
export function languageOf(search: string): Language {
  for (const lang of [queryLanguage(search), cookieLanguage(), document.documentElement.lang]) if (supported(lang)) return lang;
  return FALLBACK;
}

/** Remembers the visit's language until the browser closes (a session cookie the server reads too). */
const remember = (lang: string) => {
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
};

/** lang when the app has its catalogues (i18next's language always is one), else English. */
export const knownLanguage = (lang: string): Language => (supported(lang) ? lang : FALLBACK);

/** Starts i18next with the app's namespaces and, for a funnel's first page, the funnel's too (fetched in parallel). */
export async function initI18n(lng: Language, namespaces: string[] = [], load: CatalogueLoader = fetchCatalogue) {
  await i18next
    .use(initReactI18next)
    // A catalogue that could not be fetched (a network hiccup, a 503 while the server sheds load) is asked for again,
    // i18next waiting 0.35 s, then twice as long each time, five times: else the page would show its keys for good.
    .use(
      resourcesToBackend((language: string, namespace: string, done: ReadCallback) => {
        load(language, namespace).then(
          (data) => done(null, data),
          (error: unknown) => done(error instanceof Error ? error : String(error), true),
        );
      }),
    )
    .init({
      lng,
      // Each language's catalogues are complete (flows:check), so the other language is never fetched as a fallback.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: [...new Set(['app', 'common', 'errors', ...namespaces])],
      defaultNS: 'app',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = lng;
  // A language asked for in the address is the visit's choice, as a switch is.
  if (queryLanguage(location.search)) remember(lng);
  i18next.on('languageChanged', (l) => {
    document.documentElement.lang = l;
    remember(l);
  });
  return i18next;
}
