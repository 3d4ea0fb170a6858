// A funnel route's code, flow and copy, fetched once per flow: started by main.tsx for the first page, else by the route.
import i18next from 'i18next';
import type { Flow } from '../../engine/types.ts';
import { loadStepWidgets } from '../../widgets/registry.ts';
import type { FlowEntry } from '../flows.ts';

export interface LoadedFunnel {
  flow: Flow;
  FunnelRoute: typeof import('./FunnelPage.tsx').FunnelRoute;
}

const loading = new Map<string, Promise<LoadedFunnel>>();

export function loadFunnel(entry: FlowEntry): Promise<LoadedFunnel> {
  let promise = loading.get(entry.id);
  if (!promise) {
    // Before i18next starts (main.tsx), initI18n fetches these namespaces itself.
    const copy = i18next.isInitialized ? i18next.loadNamespaces(funnelNamespaces(entry)) : undefined;
    // The first step's widgets as soon as the flow names them, so the first screen does not suspend on them.
    const flow = entry.load().then(async (loaded) => (await loadStepWidgets(loaded, loaded.initial), loaded));
    const started = Promise.all([flow, import('./FunnelPage.tsx'), copy]).then(([loaded, page]) => ({ flow: loaded, FunnelRoute: page.FunnelRoute }));
    // Marked fulfilled as React's use() reads it, so a loaded funnel renders at once instead of suspending a tick.
    void started.then((value) => Object.assign(started, { status: 'fulfilled', value }), () => undefined);
    promise = started;
    loading.set(entry.id, promise);
  }
  return promise;
}

/** The i18n namespaces a funnel page reads (FunnelPage's useTranslation). */
export const funnelNamespaces = (entry: FlowEntry) => [entry.namespace, 'app', 'common', 'errors', 'fields', 'locate'];
