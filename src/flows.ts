// The funnels the app serves: expanded from flows/ when the app is built (scripts/flow-modules.ts), only ids,
// namespaces and routes up front, each flow's steps fetched with its route.
import list from 'virtual:flows';
import type { Flow } from '../engine/types.ts';

export interface FlowEntry {
  id: string;
  namespace: string;
  routes: string[];
  load: () => Promise<Flow>;
}

export const flows: FlowEntry[] = list;
