// The consent wordings a record can refer to: the notices of the app's own catalogues (locales/, or LOCALES_DIR's
// folder, as the build reads them), read from disk at start, and the server's TCPA wording per funnel and language.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import tcpaEn from '../locales/en/tcpa.json' with { type: 'json' };
import tcpaEs from '../locales/es/tcpa.json' with { type: 'json' };
import { LOCALES_DIR } from '../scripts/flow-files.ts';

export const CONSENT_LOCALES = ['en', 'es'] as const;
export type ConsentLocale = (typeof CONSENT_LOCALES)[number];

/** One wording as it was shown: the catalogue key, the locale, the plain text and its SHA-256 (hex, of the UTF-8). */
export interface ConsentWording {
  key: string;
  locale: string;
  text: string;
  sha256: string;
}

/**
 * The server's TCPA wording agreed to at the code step (POST /user/tcpa), in each language: a funnel's own, else
 * default (locales/<locale>/tcpa.json). The Spanish catalogue must hold every key of the English one (the type-check).
 */
const TCPA: Record<ConsentLocale, typeof tcpaEn> = { en: tcpaEn, es: tcpaEs };

/** The TCPA wording of funnel in locale, kept under server:tcpa.<funnel> (or server:tcpa.default) as ever. */
export function tcpaWording(funnel: string | undefined, locale: ConsentLocale): ConsentWording {
  const texts: Record<string, string> = TCPA[locale];
  const name = funnel !== undefined && Object.hasOwn(texts, funnel) ? funnel : 'default';
  return wording(`server:tcpa.${name}`, locale, texts[name] ?? TCPA[locale].default);
}

/** Only notices can be consent: keys whose path runs through `consent.notice` (common:consent.notice.primary.yes). */
const CONSENT_KEY = /^([a-z][a-z0-9-]*):((?:[A-Za-z0-9_-]+\.)*consent\.notice(?:\.[A-Za-z0-9_-]+)+)$/;

/** Trans markup such as <terms>Terms of Use</terms> or <1>…</1>, <br/>: the tags go, what they wrap stays. */
export function plainText(marked: string): string {
  return marked.replace(/<\/?[A-Za-z0-9_-]+\s*\/?>/g, '');
}

function wording(key: string, locale: string, text: string): ConsentWording {
  return { key, locale, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}

export interface ConsentCatalogue {
  /** The notice of key (namespace:path) in locale, as shown; undefined for an unknown key or one that is no notice. */
  resolve(key: string, locale: string): ConsentWording | undefined;
  /** Every notice the catalogues hold, for tests and audits. */
  all(): ConsentWording[];
}

/** Reads locales/<locale>/<namespace>.json of every consent locale once and keeps the notices in plain text. */
export function loadConsentCatalogue(dir: string = LOCALES_DIR): ConsentCatalogue {
  const notices = new Map<string, ConsentWording>();
  for (const locale of CONSENT_LOCALES) {
    for (const file of readdirSync(`${dir}/${locale}`).filter((f) => f.endsWith('.json'))) {
      const namespace = file.slice(0, -'.json'.length);
      const tree = JSON.parse(readFileSync(`${dir}/${locale}/${file}`, 'utf8')) as unknown;
      for (const [path, value] of leaves(tree, [])) {
        const key = `${namespace}:${path}`;
        if (CONSENT_KEY.test(key)) notices.set(`${locale}|${key}`, wording(key, locale, plainText(value)));
      }
    }
  }
  return {
    resolve: (key, locale) => (CONSENT_KEY.test(key) ? notices.get(`${locale}|${key}`) : undefined),
    all: () => [...notices.values()],
  };
}

/** The string leaves of a catalogue as [dotted path, value]. */
function* leaves(node: unknown, path: string[]): Generator<[string, string]> {
  if (typeof node === 'string') yield [path.join('.'), node];
  else if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [name, child] of Object.entries(node)) yield* leaves(child, [...path, name]);
  }
}
