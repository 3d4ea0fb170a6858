// The web app's entry: language from the URL, attribution captured, then the router.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startOutbox } from './api/outbox.ts';
import { captureAttribution } from './attribution.ts';
import { searchWithoutLanguage } from '../engine/languages.ts';
import { initI18n, languageOf } from './i18n.ts';
import { readProgress } from './funnel/saved-progress.ts';
import type { PageState } from './page-history.ts';
import { funnelNamespaces, loadFunnel } from './funnel/load-funnel.ts';
import { preloadReport, REPORT_NAMESPACES, reportRouteAt } from './pages/report/preload.ts';
import type { FlowEntry } from './flows.ts';
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
const root = document.getElementById('root') as HTMLElement;

/**
 * Whether the app's first render draws what the page came with: it was drawn for this query (none but the language,
 * unless the server drew it for this address: data-search, server/pages.ts; of a funnel's, only the names its flow
 * reads count, and none of the home page's: not an ad's utm_source or gclid), and a funnel starts on its first step
 * (no saved visit to resume, no step in the history entry: a reload mid-funnel resumes where it was).
 */
function drawnAlike(funnel: FlowEntry | undefined): boolean {
  const search = new URLSearchParams(searchWithoutLanguage(window.location.search));
  // The names the page reads: a funnel's flow's, none on the home page, else any.
  const read = funnel ? funnel.query : window.location.pathname === '/' ? [] : undefined;
  if (read) for (const name of [...search.keys()]) if (!read.includes(name)) search.delete(name);
  if (search.toString() !== (root.dataset.search ?? '')) return false;
  return !funnel || (readProgress(funnel.id) === undefined && (window.history.state as PageState | null)?.step === undefined);
}

const app = (
  <StrictMode>
    <AppRoutes />
  </StrictMode>
);
// The page came drawn (server/pages.ts, scripts/prerender.ts): React takes over its HTML (hydrates it, in slices that
// yield to the browser) when its first render draws the same, a fresh visit in the page's language; else (a funnel
// resumed at a later step, an address whose query the page was not drawn for) it draws the page anew over it.
// Either in a transition: React renders the first page in slices, yielding to the browser, instead of one long task
// (hydration outside a transition is done at once, as an update of default priority is).
startTransition(() => {
  if (root.firstElementChild && drawnAlike(funnel)) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
