// The web app's entry: language from the URL, attribution captured, then the router.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startOutbox } from './api/outbox.ts';
import { captureAttribution } from './attribution.ts';
import { initI18n, languageOf } from './i18n.ts';
import { funnelNamespaces, loadFunnel } from './funnel/load-funnel.ts';
import { preloadReport, REPORT_NAMESPACES, reportRouteAt } from './pages/report/preload.ts';
import { AppRoutes, flowAt } from './routes.tsx';
import './styles/tokens.css';
import './styles/base.css';

captureAttribution(window.location.search);
startOutbox();
// A funnel's code, flow and catalogues are fetched alongside the app's, and the first render waits for them: a page
// that showed its frame with "Loading…" first would then move the footer and heading (layout shift).
// A report's screen likewise: its code, copy and the report itself, so it is drawn at once in place of "Loading…".
const funnel = flowAt(window.location.pathname);
const report = funnel ? undefined : reportRouteAt(window.location.pathname);
await Promise.all([
  initI18n(languageOf(window.location.search), funnel ? funnelNamespaces(funnel) : report && REPORT_NAMESPACES),
  funnel && loadFunnel(funnel),
  report && preloadReport(report),
]);
// A transition: React renders the first page in slices, yielding to the browser, instead of one long task.
startTransition(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
  ),
);
