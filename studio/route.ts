// Where the studio is, kept in the URL's hash so a view can be linked and reloaded: a flow's graph, its copy, one
// step's preview, or a flow file that has no valid funnel to show.
import { useEffect, useState } from 'react';

export type Route =
  { view: 'graph' | 'copy'; flowId: string } | { view: 'step'; flowId: string; stepId: string } | { view: 'file'; file: string } | { view: 'home' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const [kind, name, view, stepId] = parts;
  if (kind === 'file' && name) return { view: 'file', file: name };
  if (kind !== 'flow' || !name) return { view: 'home' };
  if (view === 'step' && stepId !== undefined) return { view: 'step', flowId: name, stepId };
  return { view: view === 'copy' ? 'copy' : 'graph', flowId: name };
}

export function hrefOf(route: Route): string {
  const e = encodeURIComponent;
  switch (route.view) {
    case 'home':
      return '#/';
    case 'file':
      return `#/file/${e(route.file)}`;
    case 'step':
      return `#/flow/${e(route.flowId)}/step/${e(route.stepId)}`;
    default:
      return `#/flow/${e(route.flowId)}${route.view === 'copy' ? '/copy' : ''}`;
  }
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}

export const go = (route: Route) => {
  window.location.hash = hrefOf(route);
};
