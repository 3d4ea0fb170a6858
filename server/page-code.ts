// A page's code starts after its first paint, and a tap made before the code has run is kept for it. The build
// (scripts/prerender.ts) takes the module script and module preloads out of every page of the app, lists them in a JSON
// block, and puts in their place a small inline script, the loader, that the server's CSP allows by its hash
// (server/security.ts). The app replays the taps it kept once it has the page (src/held-taps.ts).
//
// Why: a page comes drawn (its first screen is in the HTML), so its code is not what the first paint needs. Chrome
// fetches module scripts and preloads the HTML names as it parses, before that paint, and Lighthouse's simulation of a
// slow phone charges every request started before the largest paint to that paint: /request-attorney's largest paint,
// 2 times its static twin's with the code named in the HTML, is 1.2 times with it started by the loader.
import { PAGE_CODE_ID, type PageCode } from '../engine/site-pages.ts';
import { dataBlock } from './page-html.ts';

/**
 * The loader, as the page holds it: holds taps on buttons (a button drawn before its code does nothing, or submits a
 * form where none should go) in window.claimflowTaps until the app takes them (src/held-taps.ts), each marked
 * data-held meanwhile (shown as taken, src/styles/base.css), and adds the code's
 * preloads (its modules, its copy) and module script in the frame after the first paint (requestAnimationFrame runs
 * before the paint, the timeout it sets after it).
 */
export const PAGE_LOADER = `(() => {
  const held = (window.claimflowTaps = []);
  addEventListener('click', (event) => {
    const button = window.claimflowTaps === held && event.target instanceof Element && event.target.closest('button');
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.includes(button)) return;
    held.push(button);
    button.dataset.held = '';
  }, true);
  const add = (tag, properties) => document.head.append(Object.assign(document.createElement(tag), { crossOrigin: '' }, properties));
  const start = () => requestAnimationFrame(() => setTimeout(() => {
    const code = JSON.parse(document.getElementById('${PAGE_CODE_ID}').textContent);
    for (const href of code.modules) add('link', { rel: 'modulepreload', href });
    if (code.copy) add('link', { rel: 'preload', as: 'fetch', href: code.copy });
    add('script', { type: 'module', src: code.entry });
  }));
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', start);
  else start();
})();`;

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const COPY_PRELOAD = /\s*<link rel="preload" as="fetch" crossorigin href="([^"]+)">/;

/** A built page with its code started by the loader: its module script and preloads listed, the loader in their place. */
export function codeAfterPaint(page: string): string {
  const entry = MODULE_SCRIPT.exec(page)?.[1];
  if (entry === undefined) throw new Error('a built page without its module script');
  const modules = [...page.matchAll(MODULE_PRELOAD)].map(([, href]) => href as string);
  const copy = COPY_PRELOAD.exec(page)?.[1];
  const code: PageCode = { entry, modules, ...(copy !== undefined && { copy }) };
  const tags = `${dataBlock(PAGE_CODE_ID, code)}\n    <script>${PAGE_LOADER}</script>`;
  return page
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(COPY_PRELOAD, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
