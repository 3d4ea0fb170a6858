// i18next for tests: every catalogue in locales/ (en and es), initialised synchronously, plus a fixture namespace.
import i18next, { type i18n as I18n, type Resource } from 'i18next';

export type Lang = 'en' | 'es';
export const LANGS: Lang[] = ['en', 'es'];

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true });

/** Catalogues by language then namespace, as loaded from locales/<lang>/<ns>.json. */
export const catalogues: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(modules)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lng, ns] = match as unknown as [string, string, string];
  (catalogues[lng] ??= {})[ns] = mod.default;
}

/** The app's catalogue loader for tests that start i18next as the app does (src/i18n.ts), without a network. */
export const loadCatalogue = (lng: string, ns: string) => {
  const catalogue = catalogues[lng]?.[ns];
  return catalogue ? Promise.resolve(catalogue) : Promise.reject(new Error(`no catalogue ${lng}/${ns}`));
};

/** Copy for widget tests that do not depend on a particular funnel's catalogue. */
export const FIXTURE_NS = 'fixture';
const fixture: Record<Lang, Record<string, unknown>> = {
  en: {
    intro: { text: 'Answer a few questions.', points: { free: 'It is free', fast: 'It is fast' } },
    q: {
      fault: 'Were you at fault?',
      commercial: 'Was a commercial vehicle involved?',
      injuries: 'How serious were your injuries?',
      injuriesInfo: 'Think about hospital visits and recovery time.',
    },
    factors: { fault: 'At fault', commercial: 'Commercial vehicle', injuries: 'Injury degree', pain: 'Pain and suffering' },
    consult: 'Would you like a free legal consultation?',
  },
  es: {
    intro: { text: 'Responda unas preguntas.', points: { free: 'Es gratis', fast: 'Es rápido' } },
    q: {
      fault: '¿Usted tuvo la culpa?',
      commercial: '¿Hubo un vehículo comercial involucrado?',
      injuries: '¿Qué tan graves fueron sus lesiones?',
      injuriesInfo: 'Piense en visitas al hospital y el tiempo de recuperación.',
    },
    factors: { fault: 'Culpa', commercial: 'Vehículo comercial', injuries: 'Lesiones', pain: 'Dolor y sufrimiento' },
    consult: '¿Desea una consulta legal gratuita?',
  },
};

const resources: Resource = {};
for (const lng of LANGS) {
  resources[lng] = { ...catalogues[lng], [FIXTURE_NS]: fixture[lng] };
}

/** Keys that were looked up but found in no namespace, as "ns:key" (language fallback still applies). */
export const missingKeys = new Set<string>();

export const i18n: I18n = i18next.createInstance();
void i18n.init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGS,
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  saveMissing: true,
  missingKeyHandler: (_lngs, ns, key) => {
    missingKeys.add(`${ns}:${key}`);
  },
});

const byLang = new Map<Lang, I18n>([['en', i18n]]);

/** The shared instance for en, or a clone (same catalogues) fixed to another language. */
export function i18nFor(lng: Lang): I18n {
  let instance = byLang.get(lng);
  if (!instance) {
    instance = i18n.cloneInstance({ lng, initAsync: false });
    byLang.set(lng, instance);
  }
  return instance;
}

/** A catalogue as nested objects of strings. */
export type Tree = { [key: string]: string | Tree };

/** Every string of a catalogue by its dotted key. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}
