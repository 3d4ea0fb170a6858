// The app's copy as a person reads it, for tests that find things by their visible text: copy('es', 'common:nav.next').
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Lang = 'en' | 'es';

const cache = new Map<string, Record<string, unknown>>();

function catalogue(lang: Lang, ns: string): Record<string, unknown> {
  const key = `${lang}/${ns}`;
  if (!cache.has(key)) {
    // Read where the build reads it: locales/, or the folder LOCALES_DIR names when a suite builds the app from another.
    const dir = process.env.LOCALES_DIR ?? join(import.meta.dirname, '..', '..', 'locales');
    cache.set(key, JSON.parse(readFileSync(join(dir, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>);
  }
  return cache.get(key)!;
}

export function copy(lang: Lang, key: string): string {
  const [ns, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['app', key];
  const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue(lang, ns));
  if (typeof value !== 'string') throw new Error(`no copy ${lang}:${key}`);
  return value;
}
