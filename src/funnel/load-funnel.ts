// A funnel route's flow, first widgets and copy, fetched once per flow: started by main.tsx for the first page, else by
// the route. The funnel page's own code is in the entry (every ad lands on a funnel), so it is not a step of the wait.
import i18next from 'i18next';
import firstWidgets from 'virtual:first-widgets';
import type { Flow } from '../../engine/types.ts';
import { loadWidgets } from '../../widgets/registry.ts';
import type { FlowEntry } from '../flows.ts';
import { FUNNEL_NAMESPACES } from './namespaces.ts';

const loading = new Map<string, Promise<Flow>>();

export function loadFunnel(entry: FlowEntry): Promise<Flow> {
  let promise = loading.get(entry.id);
  if (!promise) {
    // Before i18next starts (main.tsx), initI18n fetches these namespaces itself.
    const copy = i18next.isInitialized ? i18next.loadNamespaces(funnelNamespaces(entry)) : undefined;
    // The first step's widgets with the flow (their names are known at build time), so the first screen does not suspend.
    const started = Promise.all([entry.load(), loadWidgets(firstWidgets[entry.id] ?? []), copy]).then(([flow]) => flow);
    // Marked fulfilled as React's use() reads it, so a loaded funnel renders at once instead of suspending a tick.
    void started.then((value) => Object.assign(started, { status: 'fulfilled', value }), () => undefined);
    promise = started;
    loading.set(entry.id, promise);
  }
  return promise;
}

/** The i18n namespaces a funnel page reads (FunnelPage's useTranslation). */
export const funnelNamespaces = (entry: FlowEntry) => [entry.namespace, ...FUNNEL_NAMESPACES];
