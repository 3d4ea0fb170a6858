// The app's routes: every route of every flow, the home page, the text pages, and a not-found page.
import { use } from 'react';
import { Route, Switch } from 'wouter';
import { STATE_VIEWS } from '../widgets/locate/map-view.ts';
import { GeoContext } from '../widgets/shared/geo.ts';
import { FunnelRoute } from './funnel/FunnelPage.tsx';
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

/** A funnel's page once its flow is loaded (the layout's Suspense shows loading until then). */
function Funnel({ entry }: { entry: FlowEntry }) {
  const flow = use(loadFunnel(entry));
  return <FunnelRoute key={flow.id} flow={flow} />;
}

/** The flow whose routes include a path (with or without a state prefix). */
export const flowAt = (pathname: string): FlowEntry | undefined => {
  const path = pathname.replace(/\/+$/, '') || '/';
  return flows.find((flow) => flow.routes.flatMap(withStatePrefixes).includes(path));
};

const INFO_PAGES = ['about', 'terms', 'privacy', 'disclaimer'] as const;

/** The app's pages in the frame: every route of every flow, the home page, the text pages, and a not-found page. */
export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        <Route path="/">
          <LinksPage copy="home" />
        </Route>
        {flows.flatMap((flow) =>
          flow.routes.flatMap(withStatePrefixes).map((path) => (
            <Route key={path} path={path}>
              <GeoContext.Provider value={geoServices}>
                <Funnel entry={flow} />
              </GeoContext.Provider>
            </Route>
          )),
        )}
        {INFO_PAGES.map((page) => (
          <Route key={page} path={`/${page}`}>
            <InfoPage page={page} />
          </Route>
        ))}
        <Route>
          <LinksPage copy="notFound" />
        </Route>
      </Switch>
    </Layout>
  );
}
