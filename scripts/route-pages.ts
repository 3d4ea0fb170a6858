// Vite plugin: one HTML page per funnel route and language (routes/<route>.html, routes/<route>.es.html): the app's
// index.html plus what the route's first step needs: preloads of its flow and its first widgets (their CSS is inline in
// every page: scripts/prerender.ts), so the browser fetches them alongside the app's code instead of after it, and of
// its copy, in one file of its own (src/api/page-copy.ts reads it: five requests fewer on the first screen, and none of
// it in the page, which the first paint waits for whole). The loader starts them after the first paint
// (server/page-code.ts). server/pages.ts picks the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { FUNNEL_NAMESPACES } from '../src/funnel/namespaces.ts';
import { expandedFlows } from '../server/flow-files.ts';
import { flowModuleId } from './flow-modules.ts';

const LANGUAGES = { en: '', es: '.es' };
const REGISTRY = join(import.meta.dirname, '..', 'widgets', 'registry.ts');

/** Widget name -> its module under widgets/, read from the registry's `name: lazyPart(() => import('./dir/File.tsx')` lines. */
function widgetModules(): Map<string, string> {
  const source = readFileSync(REGISTRY, 'utf8');
  return new Map([...source.matchAll(/'?([a-z-]+)'?: lazyPart\(\(\) => import\('\.\/([^']+)'\)/g)].map(([, name, file]) => [name!, `widgets/${file!}`]));
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
    generateBundle(_options, bundle) {
      const index = bundle['index.html'] as OutputAsset | undefined;
      if (!index) return;
      const html = String(index.source);
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      /** The chunk whose entry module's id ends so (a widget's path under the repository, or a flow's module id). */
      const chunkOf = (idEnd: string) => chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(idEnd.replaceAll('\\', '/')));
      const assetOf = (module: string) =>
        Object.values(bundle).find((file): file is OutputAsset => file.type === 'asset' && file.originalFileNames.some((name) => name.endsWith(module)));
      const widgets = widgetModules();
      const inIndex = (file: string) => html.includes(`/${file}"`);

      for (const flow of expandedFlows()) {
        const first = [...new Set(flow.steps[flow.initial]?.blocks.map((block) => block.widget) ?? [])];
        const entries = [chunkOf(flowModuleId(flow.id)), ...first.map((widget) => chunkOf(`/${widgets.get(widget) ?? `no widget ${widget}`}`))];
        if (entries.some((chunk) => !chunk)) this.error(`route pages: no chunk for flow ${flow.id} or one of its first widgets (${first.join(', ')})`);
        const files = new Set<string>();
        for (const chunk of entries as OutputChunk[]) withImports(bundle, chunk, files);
        const scripts = [...files].filter((name) => !inIndex(name));
        for (const [lang, suffix] of Object.entries(LANGUAGES)) {
          const copy = Object.fromEntries(
            [flow.namespace, ...FUNNEL_NAMESPACES].map((ns) => {
              // A missing catalogue fails the build: an empty one in the page would be taken as given and show keys.
              const asset = assetOf(`locales/${lang}/${ns}.json`);
              if (!asset) this.error(`route pages: no catalogue locales/${lang}/${ns}.json for flow ${flow.id}`);
              return [ns, JSON.parse(String(asset.source)) as unknown];
            }),
          );
          const copyFile = this.getFileName(this.emitFile({ type: 'asset', name: `copy-${flow.id}-${lang}.json`, source: JSON.stringify({ [lang]: copy }) }));
          const links = [
            ...scripts.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
            `<link rel="preload" as="fetch" crossorigin href="/${copyFile}">`,
          ];
          // Replaced by functions: a "$" in the copy is text, not a replacement pattern.
          const page = html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`).replace('<html lang="en">', () => `<html lang="${lang}">`);
          for (const route of flow.routes) this.emitFile({ type: 'asset', fileName: `routes${route}${suffix}.html`, source: page });
        }
      }
    },
  };
}
