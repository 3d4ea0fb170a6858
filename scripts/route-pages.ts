// Vite plugin: one HTML page per funnel route and language (routes/<route>.html, routes/<route>.es.html), and for an
// embedded funnel (routes/<route>.embed.html, .embed.es.html): the app's index.html with the route's first screen
// rendered in it (src/prerender.tsx), so a phone shows the step before the app's code has arrived, its first widgets'
// CSS, and preload links for what the step needs — its flow, its widgets' code, its copy — so the browser fetches them
// alongside the app's code instead of after it. server/pages.ts picks the page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { createServer, type Plugin } from 'vite';
import type { CatalogueLoader } from '../src/api/catalogues.ts';
import type { Language } from '../src/i18n.ts';
import type { Flow } from '../engine/types.ts';
import { FUNNEL_NAMESPACES } from '../src/funnel/namespaces.ts';
import { FLOWS_DIR } from './flows-check.ts';

const LANGUAGES: readonly Language[] = ['en', 'es'];
const ROOT = join(import.meta.dirname, '..');
const REGISTRY = join(ROOT, 'widgets', 'registry.ts');

type RenderFirstScreen = (path: string, lang: Language, load: CatalogueLoader, embed: boolean) => Promise<string>;

/** src/prerender.tsx loaded in Node through Vite (its plugins, its JSON and CSS imports), for the time of `work`. */
async function withFirstScreens(work: (render: RenderFirstScreen) => Promise<void>) {
  const server = await createServer({
    root: ROOT,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderFirstScreen } = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderFirstScreen: RenderFirstScreen };
    await work(renderFirstScreen);
  } finally {
    await server.close();
  }
}

const catalogueFile: CatalogueLoader = (lang, ns) => Promise.resolve(JSON.parse(readFileSync(join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as Record<string, unknown>);

/** Widget name -> its module under widgets/, read from the registry's `name: lazyWidget(() => import('./dir/File.tsx')` lines. */
function widgetModules(): Map<string, string> {
  const source = readFileSync(REGISTRY, 'utf8');
  return new Map([...source.matchAll(/'?([a-z-]+)'?: lazyWidget\(\(\) => import\('\.\/([^']+)'\)/g)].map(([, name, file]) => [name!, `widgets/${file!}`]));
}

/** A chunk's file and the files it imports statically, all the way down. */
function withImports(bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') withImports(bundle, imported, into);
  }
  return into;
}

export function routePages(): Plugin {
  return {
    name: 'claimflow:route-pages',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'] as OutputAsset | undefined;
      if (!index) return;
      const html = String(index.source);
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      /** The chunk whose entry module's path ends so (a widget's path under the repository, or a flow file's full path). */
      const chunkOf = (pathEnd: string) => chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(pathEnd.replaceAll('\\', '/')));
      const assetOf = (module: string) =>
        Object.values(bundle).find((file): file is OutputAsset => file.type === 'asset' && file.originalFileNames.some((name) => name.endsWith(module)));
      const widgets = widgetModules();
      const inIndex = (file: string) => html.includes(`/${file}"`);

      const pages: { route: string; lang: Language; embed: boolean; html: string }[] = [];
      for (const file of readdirSync(FLOWS_DIR).filter((name) => name.endsWith('.json'))) {
        const flow = JSON.parse(readFileSync(join(FLOWS_DIR, file), 'utf8')) as Flow;
        const first = [...new Set(flow.steps[flow.initial]?.blocks.map((block) => block.widget) ?? [])];
        const entries = [chunkOf(join(FLOWS_DIR, file)), ...first.map((widget) => chunkOf(`/${widgets.get(widget) ?? `no widget ${widget}`}`))];
        if (entries.some((chunk) => !chunk)) this.error(`route pages: no chunk for flow ${flow.id} or one of its first widgets (${first.join(', ')})`);
        const files = new Set<string>();
        for (const chunk of entries as OutputChunk[]) withImports(bundle, chunk, files);
        const scripts = [...files].filter((name) => !inIndex(name));
        const styles = [...files].flatMap((name) => [...((bundle[name] as OutputChunk).viteMetadata?.importedCss ?? [])]).filter((name) => !inIndex(name));
        for (const lang of LANGUAGES) {
          const copy = [flow.namespace, ...FUNNEL_NAMESPACES].map((ns) => assetOf(`locales/${lang}/${ns}.json`)?.fileName).filter((name) => name !== undefined);
          const links = [
            ...scripts.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
            // Stylesheets, not preloads: the step is in the page, and must be drawn styled at once.
            ...styles.map((name) => `<link rel="stylesheet" crossorigin href="/${name}">`),
            ...copy.map((name) => `<link rel="preload" as="fetch" crossorigin href="/${name}">`),
          ];
          const page = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`).replace('<html lang="en">', `<html lang="${lang}">`);
          for (const route of flow.routes) for (const embed of [false, true]) pages.push({ route, lang, embed, html: page });
        }
      }
      await withFirstScreens(async (render) => {
        for (const { route, lang, embed, html: page } of pages) {
          const root = await render(route, lang, catalogueFile, embed);
          const fileName = `routes${route}${embed ? '.embed' : ''}${lang === 'en' ? '' : `.${lang}`}.html`;
          this.emitFile({ type: 'asset', fileName, source: page.replace('<div id="root"></div>', `<div id="root">${root}</div>`) });
        }
      });
    },
  };
}
