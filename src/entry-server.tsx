// The app drawn in Node: the routes and components of the browser's first render (src/main.tsx), in one language and
// at one address, as HTML for the page's #root: the build's prerendered pages (scripts/prerender.ts) and the server's
// report and results pages (server/pages.ts). Built by Vite for Node (its own bundle: none of it reaches the browser).
import { createInstance, type Resource } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import type { PageDrawing } from '../engine/site-pages.ts';
import type { Report } from './api/reports.ts';
import type { LegalFacts } from './api/legal.ts';
import { DrawnLegal } from './pages/legal/operator.tsx';
import { DrawnReport } from './pages/report/use-report.ts';
import { DrawnSearch, type DrawnSearchValue } from './pages/search/drawn-search.ts';
import { apiQuery, searchFromParams } from '../widgets/report-search/search-query.ts';
import { AppRoutes } from './routes.tsx';

// Every catalogue in every language, read when the bundle is built: nothing is fetched while a page is drawn.
const found = import.meta.glob<Record<string, unknown>>('@locales/*/*.json', { eager: true, import: 'default' });
const resources: Resource = {};
for (const [path, catalogue] of Object.entries(found)) {
  const [lang, file] = path.split('/').slice(-2) as [string, string];
  (resources[lang] ??= {})[file.replace(/\.json$/, '')] = catalogue;
}

/** The HTML of the app's first render at an address, once every lazy part of it has arrived. */
export const renderPage: PageDrawing['renderPage'] = async ({ pathname, search, lang, report, legal, results }) => {
  // One i18next per page (pages are drawn side by side), with the browser's options (src/i18n.ts).
  const i18n = createInstance({
    lng: lang,
    resources,
    fallbackLng: false,
    ns: Object.keys(resources[lang] ?? {}),
    defaultNS: 'app',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await i18n.init();
  // A part that fails would be left for the browser to draw: a page is drawn whole, or not at all.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
          <DrawnReport value={report as Report | undefined}>
            <DrawnLegal value={legal as LegalFacts | undefined}>
              <DrawnSearch value={results as DrawnSearchValue | undefined}>
                <AppRoutes />
              </DrawnSearch>
            </DrawnLegal>
          </DrawnReport>
        </Router>
      </I18nextProvider>
    </StrictMode>,
    // Every part in place, however long (the privacy policy's, 13 KB): a part over React's chunk size (12.8 KB by
    // default) would come as its fallback, the part hidden after it and a script to swap them, so a page without its
    // code (a crawler's, a phone's still loading) would show "Loading…".
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length) throw new AggregateError(errors, `drawing ${pathname}${search} failed: ${errors.map(String).join('; ')}`);
  return new Response(prelude).text();
};

/**
 * The API's query for a results page's search, as its page asks it (src/pages/search/ResultsPage.tsx); none for a VIN's
 * handle, which only the visitor's tab can read.
 */
export const searchQueryOf: PageDrawing['searchQueryOf'] = (search) => {
  const found = searchFromParams(new URLSearchParams(search));
  return found ? new URLSearchParams(apiQuery(found)).toString() : undefined;
};
