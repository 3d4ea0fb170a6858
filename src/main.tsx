// The web app's entry: language from the URL, attribution captured, then the router.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startOutbox } from './api/outbox.ts';
import { captureAttribution } from './attribution.ts';
import { initI18n, languageOf } from './i18n.ts';
import { funnelNamespaces, loadFunnel } from './funnel/load-funnel.ts';
import { hasProgress } from './funnel/use-funnel-actor.ts';
import { App, flowAt } from './routes.tsx';
import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root') as HTMLElement;
// The language a funnel route's page was built in (scripts/route-pages.ts), read before i18next sets the visit's.
const pageLanguage = document.documentElement.lang;
captureAttribution(window.location.search);
startOutbox();
// A funnel's code, flow and catalogues are fetched alongside the app's, and the first render waits for them: a page
// that showed its frame with "Loading…" first would then move the footer and heading (layout shift).
const funnel = flowAt(window.location.pathname);
const language = languageOf(window.location.search);
const [, flow] = await Promise.all([initI18n(language, funnel && funnelNamespaces(funnel)), funnel && loadFunnel(funnel)]);
// A funnel route's page holds its first screen as the build drew it (src/prerender.tsx). React takes that over when this
// visit shows the very same screen (the page's language, no progress kept in the tab); else it draws the page anew.
const prerendered = root.firstChild !== null && pageLanguage === language && !(flow && hasProgress(flow));
// A transition: React renders the first page in slices, yielding to the browser, instead of one long task.
startTransition(() => {
  if (prerendered) hydrateRoot(root, <App />);
  else createRoot(root).render(<App />);
});
