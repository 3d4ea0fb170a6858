// Vite plugin: the funnels as the app loads them, expanded from flows/ (parts, variants) when the app is built or
// served, so a phone downloads each funnel's flow as one JSON module of its own. `virtual:flows` lists every funnel's
// id, namespace, routes and the query's names it reads with a loader of `virtual:flow/<id>`; `virtual:first-widgets` names the widgets each
// funnel's first step shows (src/funnel/load-funnel.ts fetches their code with the flow). A change in flows/ reloads.
import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Plugin } from 'vite';
import type { Flow } from '../engine/types.ts';
import { expandedFlows, flowFolders } from '../server/flow-files.ts';
import { queryNamesOf } from '../engine/query-names.ts';

const LIST = 'virtual:flows';
const FIRST_WIDGETS = 'virtual:first-widgets';
const ONE = 'virtual:flow/';

/** The module id of a funnel's flow, as its chunk's facadeModuleId (scripts/route-pages.ts finds the chunk by it). */
export const flowModuleId = (id: string) => `\0${ONE}${id}`;

export function flowModules(): Plugin {
  const { flowsDir } = flowFolders();
  let flows: Flow[] | undefined;
  const current = () => (flows ??= expandedFlows(flowsDir));
  return {
    name: 'claimflow:flow-modules',
    resolveId: (id) => (id === LIST || id === FIRST_WIDGETS || id.startsWith(ONE) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith('\0virtual:')) return undefined;
      for (const dir of [flowsDir, join(flowsDir, 'parts')]) {
        if (existsSync(dir)) for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) this.addWatchFile(join(dir, file));
      }
      if (id === `\0${LIST}`) {
        const entries = current().map(
          (flow) =>
            `{ id: ${JSON.stringify(flow.id)}, namespace: ${JSON.stringify(flow.namespace)}, routes: ${JSON.stringify(flow.routes)}, site: ${JSON.stringify(flow.site)}, query: ${JSON.stringify(queryNamesOf(flow))}, load: () => import(${JSON.stringify(ONE + flow.id)}).then((m) => m.default) }`,
        );
        return `export default [\n${entries.join(',\n')}\n];`;
      }
      if (id === `\0${FIRST_WIDGETS}`) {
        const widgets = Object.fromEntries(
          current().map((flow) => [flow.id, [...new Set(flow.steps[flow.initial]?.blocks.map((block) => block.widget) ?? [])]]),
        );
        return `export default ${JSON.stringify(widgets)};`;
      }
      const flow = current().find((f) => flowModuleId(f.id) === id);
      // Parsed from a string: a large object literal costs a phone more to parse than JSON.parse does.
      return flow ? `export default JSON.parse(${JSON.stringify(JSON.stringify(flow))});` : undefined;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(flowsDir + sep) || !file.endsWith('.json')) return;
      flows = undefined;
      for (const module of [...server.moduleGraph.idToModuleMap.values()].filter((m) => m.id?.startsWith('\0virtual:'))) {
        server.moduleGraph.invalidateModule(module);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
