// The consent wordings a record can refer to: the notices of the app's own catalogues (LOCALES_DIR's folder, locales/
// by default, as the build reads them), read from disk at start, and the check that a consent sent by the page is one of
// them, as it was on screen beside the button that gave it: its words, its language, the sponsors it names.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { listOf, noticeText, plainText } from '../engine/consent-notice.ts';
import type { Sponsor } from '../engine/route-lead.ts';
import type { ValidationErrorBody } from './validation.ts';
import { fieldError } from './routes/field-error.ts';

export const CONSENT_LOCALES = ['en', 'es'] as const;
export type ConsentLocale = (typeof CONSENT_LOCALES)[number];

/** One wording as it was shown: the catalogue key, the locale, the plain text and its SHA-256 (hex, of the UTF-8). */
export interface ConsentWording {
  key: string;
  locale: string;
  text: string;
  sha256: string;
}

/** Only notices can be consent: keys whose path runs through `consent.notice` (common:consent.notice.lead.calls). */
const CONSENT_KEY = /^([a-z][a-z0-9-]*):((?:[A-Za-z0-9_-]+\.)*consent\.notice(?:\.[A-Za-z0-9_-]+)+)$/;

function wording(key: string, locale: string, text: string): ConsentWording {
  return { key, locale, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}

export interface ConsentCatalogue {
  /** The notice of key (namespace:path) in locale, its tags dropped, {{sponsors}} unfilled; undefined for no notice. */
  resolve(key: string, locale: string): ConsentWording | undefined;
  /** Every notice the catalogues hold, for tests and audits. */
  all(): ConsentWording[];
}

const loaded = new Map<string, ConsentCatalogue>();

/**
 * The notices of locales/<locale>/<namespace>.json of every consent locale, in plain text: read once a process per
 * folder (the user and lead routes share it).
 */
export function loadConsentCatalogue(dir: string): ConsentCatalogue {
  const known = loaded.get(dir);
  if (known) return known;
  const catalogue = readCatalogue(dir);
  loaded.set(dir, catalogue);
  return catalogue;
}

function readCatalogue(dir: string): ConsentCatalogue {
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

/** A consent as the page sends it: the notice's key, the words it rendered, the sponsors it named. */
export interface ShownConsent {
  key: string;
  locale: string;
  text: string;
  sponsors?: readonly string[] | null;
}

/**
 * The wording a consent was given to, as stored: the notice of its key in its language with the names of the sponsors
 * it lists written in, which must be exactly the text the page says it showed; else the 400 naming what is wrong.
 * `shown`: the notices the flow shows beside the button that sent the request; `sponsors`: those a lead may go to.
 */
export function shownWording(
  catalogue: ConsentCatalogue,
  consent: ShownConsent,
  shown: ReadonlySet<string> | undefined,
  sponsors: readonly Sponsor[],
): ConsentWording | ValidationErrorBody {
  const template = catalogue.resolve(consent.key, consent.locale);
  if (!template) return fieldError('consent.key', `consent.key is not a consent notice of the ${consent.locale} catalogue`);
  if (!shown?.has(consent.key))
    return fieldError('consent.key', `consent.key "${consent.key}" is not a notice this funnel shows beside the button that sends this request`);
  const named = consent.sponsors ?? [];
  const names: string[] = [];
  for (const id of named) {
    const sponsor = sponsors.find((s) => s.id === id);
    if (!sponsor || names.includes(sponsor.name))
      return fieldError('consent.sponsors', `consent.sponsors names "${id}", which is no sponsor that takes leads now`);
    names.push(sponsor.name);
  }
  const asks = template.text.includes('{{sponsors}}');
  if (asks !== names.length > 0) {
    return fieldError(
      'consent.sponsors',
      asks ? 'this notice names the sponsors who may call: consent.sponsors lists them' : 'this notice names no sponsor: consent.sponsors must be empty',
    );
  }
  const text = noticeText(template.text, listOf(names, consent.locale));
  if (text !== consent.text) return fieldError('consent.text', 'consent.text is not the notice this page was served for that key, language and sponsors');
  return wording(consent.key, consent.locale, text);
}

/** The string leaves of a catalogue as [dotted path, value]. */
function* leaves(node: unknown, path: string[]): Generator<[string, string]> {
  if (typeof node === 'string') yield [path.join('.'), node];
  else if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [name, child] of Object.entries(node)) yield* leaves(child, [...path, name]);
  }
}
