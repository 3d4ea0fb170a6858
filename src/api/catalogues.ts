// The copy catalogues: data, not code, emitted as JSON files (<lang>-<namespace>-<hash>.json, vite.config.ts) and
// fetched one language and namespace at a time (src/i18n.ts), but for those in a funnel page's copy (page-copy.ts).

import { pageCatalogue } from './page-copy.ts';

// @locales is locales/, or the folder LOCALES_DIR names (vite.config.ts); keyed here by "<language>/<namespace>". The
// estimate's copy is not fetched: it comes with its code on the calculator's results step (widgets/case-value/estimate-copy.ts).
const found = import.meta.glob<string>(['@locales/*/*.json', '!@locales/*/estimate.json'], { eager: true, query: '?url', import: 'default' });
const urls = new Map(
  Object.entries(found).map(([path, url]) => [
    path
      .split('/')
      .slice(-2)
      .join('/')
      .replace(/\.json$/, ''),
    url,
  ]),
);

export type CatalogueLoader = (language: string, namespace: string) => Promise<Record<string, unknown>>;

export const fetchCatalogue: CatalogueLoader = async (language, namespace) => {
  const given = await pageCatalogue(language, namespace);
  if (given) return given;
  const url = urls.get(`${language}/${namespace}`);
  if (!url) throw new Error(`no catalogue ${language}/${namespace}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`catalogue ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
};
