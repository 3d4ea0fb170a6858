// The funnels the app serves: expanded from flows/ when the app is built (scripts/flow-modules.ts), only ids,
// namespaces, routes and site places up front, each flow's steps fetched with its route.
import list from 'virtual:flows';
import type { Flow, SitePlace } from '../engine/types.ts';

export interface FlowEntry {
  id: string;
  namespace: string;
  routes: string[];
  /** The place of the site it is, if any (the menu, the home screen and other pages link it by this name). */
  site?: SitePlace;
  /** The names of the address's query the flow reads (engine/query-names.ts), or undefined for all. */
  query?: string[];
  load: () => Promise<Flow>;
}

export const flows: FlowEntry[] = list;
