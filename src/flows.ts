// The funnels the app serves: every JSON file in flows/ (checked at build time); only ids, namespaces and routes up
// front, each flow's steps fetched with its route.
import type { Flow } from '../engine/types.ts';

// Named imports of a separate module id (?meta&lang.json) keep the rest of each file out of the entry chunk.
const ids = import.meta.glob<string>('@flows/*.json', { eager: true, import: 'id', query: '?meta&lang.json' });
const namespaces = import.meta.glob<string>('@flows/*.json', { eager: true, import: 'namespace', query: '?meta&lang.json' });
const routeLists = import.meta.glob<string[]>('@flows/*.json', { eager: true, import: 'routes', query: '?meta&lang.json' });
const loaders = import.meta.glob<Flow>('@flows/*.json', { import: 'default' });

export interface FlowEntry {
  id: string;
  namespace: string;
  routes: string[];
  load: () => Promise<Flow>;
}

export const flows: FlowEntry[] = Object.entries(loaders).map(([file, load]) => ({
  id: ids[file] ?? file,
  namespace: namespaces[file] ?? '',
  routes: routeLists[file] ?? [],
  load,
}));
