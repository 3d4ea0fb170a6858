// The pages the app is drawn into, as the build leaves them (scripts/prerender.ts) and the server sends them
// (server/pages.ts): where a page drawn ahead is kept, and how the app's HTML goes into a page's #root.
import type { Language } from '../engine/languages.ts';

/** The build's Node bundle of src/entry-server.tsx lives beside the web app's folder, never inside it (not served). */
export const ssrDirOf = (staticRoot: string) => `${staticRoot.replace(/[\\/]+$/, '')}-ssr`;

/** The file of a page drawn at build time for a path (without a state prefix) in a language: pages/<path>[.es].html. */
export const prerenderedFile = (path: string, lang: Language) => `pages${path === '/' ? '/index' : path}${lang === 'en' ? '' : `.${lang}`}.html`;

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page with the app's HTML in its #root (empty in the build's templates), drawn for a query other than the
 * language (searchWithoutLanguage) when given: data-search tells the app's entry (src/main.tsx) it may hydrate it.
 * Replaced by a function: "$" is text.
 */
export const withRoot = (page: string, html: string, search = '') =>
  page.replace(EMPTY_ROOT, () => `<div id="root"${search ? ` data-search="${search.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"` : ''}>${html}</div>`);

/** A JSON block a page carries for the app ("<" escaped: no "</script>" can end it). */
export const dataBlock = (id: string, value: object) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;
