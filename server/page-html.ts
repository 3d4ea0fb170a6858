// The pages the app is drawn into, as the build leaves them (scripts/prerender.ts) and the server sends them
// (server/pages.ts): where a page drawn ahead is kept, and how the app's HTML goes into a page's #root, at once or
// streamed after the page's head.
import type { Language } from '../engine/languages.ts';

/** The build's Node bundle of src/entry-server.tsx lives beside the web app's folder, never inside it (not served). */
export const ssrDirOf = (staticRoot: string) => `${staticRoot.replace(/[\\/]+$/, '')}-ssr`;

/** The file of a page drawn at build time for a path (without a state prefix) in a language: pages/<path>[.es].html. */
export const prerenderedFile = (path: string, lang: Language) => `pages${path === '/' ? '/index' : path}${lang === 'en' ? '' : `.${lang}`}.html`;

const EMPTY_ROOT = '<div id="root"></div>';

/** The app's HTML as a page's #root, drawn for a query other than the language (searchWithoutLanguage) when given. */
const rootOf = (html: string, search: string) =>
  `<div id="root"${search ? ` data-search="${search.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"` : ''}>${html}</div>`;

/**
 * The page with the app's HTML in its #root (empty in the build's templates): data-search tells the app's entry
 * (src/main.tsx) it may hydrate it. Replaced by a function: "$" is text.
 */
export const withRoot = (page: string, html: string, search = '') => page.replace(EMPTY_ROOT, () => rootOf(html, search));

/**
 * A page in two parts: all before its #root, sent at once, and its #root with the rest, found and drawn once the head
 * is out (drawing takes the event loop, which would hold the head back).
 */
export interface StreamedPage {
  head: string;
  rest: () => Promise<string>;
}

/**
 * The page streamed: its part before #root, then #root with the app's HTML and the block of what it was drawn with
 * (read when the app starts, once the page is whole), or empty when it is not drawn, and the rest.
 */
export function streamRoot(page: string, draw: () => Promise<{ html: string; block: string } | undefined>, search = ''): StreamedPage {
  const at = page.indexOf(EMPTY_ROOT);
  const tail = page.slice(at + EMPTY_ROOT.length);
  return { head: page.slice(0, at), rest: () => draw().then((drawn) => (drawn ? `${rootOf(drawn.html, search)}\n    ${drawn.block}` : EMPTY_ROOT) + tail) };
}

/** A JSON block a page carries for the app ("<" escaped: no "</script>" can end it). */
export const dataBlock = (id: string, value: object) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;
