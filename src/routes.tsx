// The app's routes: every route of every flow, the home page, the text pages, and a not-found page.
import { use } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { STATE_VIEWS } from '../widgets/locate/map-view.ts';
import { GeoContext } from '../widgets/shared/geo.ts';
import { loadFunnel } from './funnel/load-funnel.ts';
import { flows, type FlowEntry } from './flows.ts';
import { geoServices } from './geo/geo-services.ts';
import { Layout } from './layout/Layout.tsx';
import { InfoPage } from './pages/InfoPage.tsx';
import { LinksPage } from './pages/LinksPage.tsx';

/** §2.1: states whose code may open a funnel's path (/tx/<route>): those the map picker has a view of. */
export const STATE_PREFIXES = Object.keys(STATE_VIEWS);

/** A flow route and, when it is one segment, the same route under each state prefix. */
const withStatePrefixes = (path: string) => (/^\/[^/]+$/.test(path) ? [path, ...STATE_PREFIXES.map((st) => `/${st}${path}`)] : [path]);

/** A funnel's page once its code and flow are loaded (the layout's Suspense shows loading until then). */
function Funnel({ entry }: { entry: FlowEntry }) {
  const { flow, FunnelRoute } = use(loadFunnel(entry));
  return <FunnelRoute key={flow.id} flow={flow} />;
}

/** The flow whose routes include a path (with or without a state prefix). */
export const flowAt = (pathname: string): FlowEntry | undefined => {
  const path = pathname.replace(/\/+$/, '') || '/';
  return flows.find((flow) => flow.routes.flatMap(withStatePrefixes).includes(path));
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LinksPage copy="home" /> },
      ...flows.flatMap((flow) =>
        flow.routes.flatMap(withStatePrefixes).map((path) => ({
          path,
          element: (
            <GeoContext.Provider value={geoServices}>
              <Funnel entry={flow} />
            </GeoContext.Provider>
          ),
        })),
      ),
      ...(['about', 'terms', 'privacy', 'disclaimer'] as const).map((page) => ({ path: `/${page}`, element: <InfoPage page={page} /> })),
      { path: '*', element: <LinksPage copy="notFound" /> },
    ],
  },
];

/** The app's routes in declarative mode (BrowserRouter): the data router would add ≈18 KB gzip that nothing uses. */
export const AppRoutes = () => useRoutes(routes);
