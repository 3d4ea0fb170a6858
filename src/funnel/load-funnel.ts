// A funnel route's flow, first widgets and copy, fetched once per flow: started by main.tsx for the first page, else by
// the route. The funnel page's own code is in the entry (every ad lands on a funnel), so it is not a step of the wait.
import i18next from 'i18next';
import { use } from 'react';
import firstWidgets from 'virtual:first-widgets';
import type { Flow } from '../../engine/types.ts';
import { loadWidgets } from '../../widgets/registry.ts';
import type { FlowEntry } from '../flows.ts';
import { FUNNEL_NAMESPACES } from './namespaces.ts';

const loading = new Map<string, Promise<Flow>>();
const loaded = new Map<string, Flow>();

export function loadFunnel(entry: FlowEntry): Promise<Flow> {
  let promise = loading.get(entry.id);
  if (!promise) {
    // Before i18next starts (main.tsx), initI18n fetches these namespaces itself.
    const copy = i18next.isInitialized ? i18next.loadNamespaces(funnelNamespaces(entry)) : undefined;
    // The first step's widgets with the flow (their names are known at build time), so the first screen does not suspend.
    // A failed fetch is forgotten: the page's load boundary (its Try again, or another page) asks again.
    promise = Promise.all([entry.load(), loadWidgets(firstWidgets[entry.id] ?? []), copy]).then(
      ([flow]) => {
        loaded.set(entry.id, flow);
        return flow;
      },
      (error: unknown) => {
        loading.delete(entry.id);
        throw error;
      },
    );
    loading.set(entry.id, promise);
  }
  return promise;
}

/**
 * A funnel's flow for its route: at once when it has arrived (so the page is drawn without suspending a tick: the
 * first page's, awaited by main.tsx, or one seen before), else React's `use` of the one cached fetch.
 */
export const useFunnel = (entry: FlowEntry): Flow => loaded.get(entry.id) ?? use(loadFunnel(entry));

/** The i18n namespaces a funnel page reads (FunnelPage's useTranslation). */
export const funnelNamespaces = (entry: FlowEntry) => [entry.namespace, ...FUNNEL_NAMESPACES];
