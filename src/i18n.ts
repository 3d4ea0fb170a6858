// i18next for the app: language from ?lang= (en or es, fallback en), catalogues fetched per language and namespace.
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { fetchCatalogue, type CatalogueLoader } from './api/catalogues.ts';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK: Language = 'en';

const CHOSEN_KEY = 'claimflow:lang';
const supported = (lang: string | null): lang is Language => (LANGUAGES as readonly string[]).includes(lang ?? '');

/** The language of a visit: ?lang= when given, else the one chosen earlier in this tab, else English. */
export function languageOf(search: string): Language {
  const lang = new URLSearchParams(search).get('lang');
  if (supported(lang)) return lang;
  const chosen = sessionStorage.getItem(CHOSEN_KEY);
  return supported(chosen) ? chosen : FALLBACK;
}

/** lang when the app has its catalogues (i18next's language always is one), else English. */
export const knownLanguage = (lang: string): Language => (supported(lang) ? lang : FALLBACK);

/** Starts i18next with the app's namespaces and, for a funnel's first page, the funnel's too (fetched in parallel). */
export async function initI18n(lng: Language, namespaces: string[] = [], load: CatalogueLoader = fetchCatalogue) {
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(load))
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
  i18next.on('languageChanged', (l) => {
    document.documentElement.lang = l;
    sessionStorage.setItem(CHOSEN_KEY, l);
  });
  return i18next;
}
