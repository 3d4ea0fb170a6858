// Vite plugin: after the web app's build, its pages with their styles inline (no stylesheet request before the first
// paint) and the site's fixed pages drawn ahead in each language (pages/<path>[.es].html: the home page, every funnel
// route's first step, the near-me page's frame, the results page without a search), from the same components the browser then hydrates (src/main.tsx).
// The Node bundle that draws them (src/entry-server.tsx) is built beside the app for the server, which draws report
// pages and the text pages (whose words come from the configuration) with it per request (server/pages.ts).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { LANGUAGES } from '../engine/languages.ts';
import { expandedFlows } from '../server/flow-files.ts';
import { codeAfterPaint } from '../server/page-code.ts';
import { prerenderedFile, ssrDirOf, withRoot } from '../server/page-html.ts';
import type * as EntryServer from '../src/entry-server.tsx';

/** The pages that are the same for every visitor: drawn once per language. */
const fixedPaths = () => ['/', '/privacy', '/accidents-near-me', '/results', ...expandedFlows().flatMap((flow) => flow.routes)];

/** Leaflet's styles wait for the first map (vite.config.ts); "<" of "</style>" cannot occur in a stylesheet but is escaped. */
const INLINE_CSS = /^(?!leaflet-).*\.css$/;

/**
 * The page with the app's stylesheets in a <style> in place of its stylesheet link: all of them but the map's, 60 KB
 * (12 KB compressed), so that a lazy page's screen (home, report) is drawn in its style before its code arrives.
 *
 * Each file inlined is also named by a disabled stylesheet link, which the browser does not fetch (HTML: a disabled
 * link's stylesheet is not fetched): Vite's loader of a lazy module adds a link for each stylesheet the module imports
 * unless the page has one for it already. Without them, the next steps' code, loaded after the first one, fetched its
 * styles again and restyled the whole page: 55 ms of one task at 4x CPU on /request-attorney.
 */
function inlineStyles(page: string, assets: string): string {
  // The page's own stylesheets (the shell's: tokens and base) first, as they were linked: the others build on them.
  const linked = [...page.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+)"[^>]*>/g)].map(([, file]) => file as string);
  const others = readdirSync(assets).filter((file) => INLINE_CSS.test(file) && !linked.includes(file));
  const files = [...linked, ...others.sort()];
  const css = files.map((file) => readFileSync(join(assets, file), 'utf8').replaceAll('</', '<\\/')).join('\n');
  const named = files.map((file) => `<link rel="stylesheet" href="/assets/${file}" disabled>`).join('');
  return page.replace(/\s*<link rel="stylesheet"[^>]*>/g, '').replace('</head>', () => `  <style>${css}</style>${named}\n  </head>`);
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'claimflow:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = ssrDirOf(outDir);
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        // Everything bundled: the server reads it from beside the app's folder, where no node_modules may be. React's
        // production build, as the browser's: the development one checks and warns on every render.
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development') },
        build: { ssr: join(config.root, 'src', 'entry-server.tsx'), outDir: ssrDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
      });
      // ES modules wherever the folder is (a test's build is outside the repository and its package.json).
      writeFileSync(join(ssrDir, 'package.json'), '{ "type": "module" }\n');
      const pages = [
        join(outDir, 'index.html'),
        ...readdirSync(join(outDir, 'routes'), { recursive: true, encoding: 'utf8' }).map((f) => join(outDir, 'routes', f)),
      ];
      const assets = join(outDir, 'assets');
      for (const file of pages.filter((f) => f.endsWith('.html'))) writeFileSync(file, codeAfterPaint(inlineStyles(readFileSync(file, 'utf8'), assets)));

      const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as typeof EntryServer;
      const routePage = (path: string, lang: string) => join(outDir, 'routes', `${path}${lang === 'en' ? '' : `.${lang}`}.html`);
      const funnelRoutes = new Set(expandedFlows().flatMap((flow) => flow.routes));
      for (const path of fixedPaths()) {
        for (const lang of LANGUAGES) {
          const template = readFileSync(funnelRoutes.has(path) ? routePage(path, lang) : join(outDir, 'index.html'), 'utf8');
          const html = await renderPage({ pathname: path, search: '', lang });
          const file = join(outDir, prerenderedFile(path, lang));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(
            file,
            withRoot(
              template.replace('<html lang="en">', () => `<html lang="${lang}">`),
              html,
            ),
          );
        }
      }
    },
  };
}
