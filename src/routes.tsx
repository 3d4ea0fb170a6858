// The app's routes: every route of every flow, the home page, the text pages, the report search and report screens,
// a report's short link, and a not-found page (the server names them alike, for their heads and 404s:
// engine/site-pages.ts).
import { useMemo, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { TEXT_PAGES, withStatePrefixes } from '../engine/site-pages.ts';
import { CodeResendContext } from '../widgets/contact/code-resend.ts';
import { LinkConfirmationContext } from '../widgets/contact/link-confirmation.ts';
import { STATE_VIEWS } from '../widgets/locate/map-view.ts';
import { lazyPart } from '../widgets/lazy-part.tsx';
import { GeoContext } from '../widgets/shared/geo.ts';
import { codeLinkConfirmed, codeResender } from './api/phone-link.ts';
import { visitArm } from './funnel/experiment-arm.ts';
import { FunnelRoute } from './funnel/FunnelPage.tsx';
import { useFunnel } from './funnel/load-funnel.ts';
import { flows, type FlowEntry } from './flows.ts';
import { geoServices } from './geo/geo-services.ts';
import { Layout } from './layout/Layout.tsx';
import { LinksPage } from './pages/LinksPage.tsx';

// Pages that are not funnels are chunks of their own, fetched with their route: a funnel's first screen (where ads
// land) carries none of their code.
const HomePage = lazyPart(() => import('./pages/home/HomePage.tsx').then((m) => m.default));
const ShortLinkPage = lazyPart(() => import('./pages/home/ShortLinkPage.tsx').then((m) => m.default));
const ResultsPage = lazyPart(() => import('./pages/search/ResultsPage.tsx').then((m) => m.default));
const NearMePage = lazyPart(() => import('./pages/search/NearMePage.tsx').then((m) => m.default));
const ReportPage = lazyPart(() => import('./pages/report/ReportPage.tsx').then((m) => m.ReportPage));
const UnsubscribePage = lazyPart(() => import('./pages/unsubscribe/UnsubscribePage.tsx').then((m) => m.default));
const CertificatePage = lazyPart(() => import('./pages/certificate/CertificatePage.tsx').then((m) => m.default));
const PrivacyPage = lazyPart(() => import('./pages/privacy/PrivacyPage.tsx').then((m) => m.default));
const LegalPage = lazyPart(() => import('./pages/legal/LegalPage.tsx').then((m) => m.default));
const VerifyPage = lazyPart(() => import('./pages/verify/VerifyPage.tsx').then((m) => m.default));

/** §2.1: states whose code may open a funnel's path (/tx/<route>): those the map picker has a view of. */
export const STATE_PREFIXES = Object.keys(STATE_VIEWS);

/** A flow route and, when it is one segment, the same route under each state prefix. */
const withPrefixes = (route: string) => withStatePrefixes(route, STATE_PREFIXES);

/**
 * A funnel's page once its flow is loaded (the layout's Suspense shows loading until then), at one of its routes; its
 * code step learns from the API when the link of the code text was opened, and sends a new code as its contact step
 * sent the first (the flow's own request, for this route and arm).
 */
function Funnel({ entry, route }: { entry: FlowEntry; route: string }) {
  const flow = useFunnel(entry);
  const resend = useMemo(() => codeResender(flow, { route, variant: visitArm(flow) }), [flow, route]);
  return (
    <LinkConfirmationContext.Provider value={codeLinkConfirmed}>
      <CodeResendContext.Provider value={resend}>
        <FunnelRoute key={flow.id} flow={flow} route={route} />
      </CodeResendContext.Provider>
    </LinkConfirmationContext.Provider>
  );
}

/** The place services (city search, reverse geocoding, map tiles) for the pages that search places. */
const Geo = ({ children }: { children: ReactNode }) => <GeoContext.Provider value={geoServices}>{children}</GeoContext.Provider>;

/** The flow whose routes include a path (with or without a state prefix). */
export const flowAt = (pathname: string): FlowEntry | undefined => {
  const path = pathname.replace(/\/+$/, '') || '/';
  return flows.find((flow) => flow.routes.flatMap(withPrefixes).includes(path));
};

/**
 * The app's pages in the frame. Order matters: the one-segment routes of flows (with their state prefixes) and the
 * text pages match before /{id}, a report's short link, which shows the not-found page for anything but a report.
 */
export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        <Route path="/">
          <HomePage />
        </Route>
        {flows.flatMap((flow) =>
          flow.routes.flatMap((route) =>
            withPrefixes(route).map((path) => (
              <Route key={path} path={path}>
                <Geo>
                  <Funnel entry={flow} route={route} />
                </Geo>
              </Route>
            )),
          ),
        )}
        {TEXT_PAGES.map((page) => (
          <Route key={page} path={`/${page}`}>
            <LegalPage page={page} />
          </Route>
        ))}
        <Route path="/privacy">
          <PrivacyPage />
        </Route>
        <Route path="/results">
          <ResultsPage />
        </Route>
        <Route path="/accidents-near-me">
          <Geo>
            <NearMePage embed={false} />
          </Geo>
        </Route>
        <Route path="/accidents-near-me/embed">
          <Geo>
            <NearMePage embed />
          </Geo>
        </Route>
        {/* One route for both: moving the VIN out of the address keeps the screen (and its proof under way). */}
        <Route path="/accident/:id/:vin?">{({ id, vin }: { id: string; vin?: string }) => <ReportPage id={id} vin={vin} />}</Route>
        <Route path="/business/:id/:userId">{({ id, userId }) => <ReportPage id={id} businessUser={userId} />}</Route>
        <Route path="/unsubscribe/:token">{({ token }) => <UnsubscribePage key={token} token={token} />}</Route>
        <Route path="/certificates/:id">{({ id }) => <CertificatePage key={id} id={id} />}</Route>
        <Route path="/verify/:token">{({ token }) => <VerifyPage key={token} token={token} />}</Route>
        <Route path="/:id">{({ id }) => <ShortLinkPage id={id} />}</Route>
        <Route>
          <LinksPage copy="notFound" />
        </Route>
      </Switch>
    </Layout>
  );
}
