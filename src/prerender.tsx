// Build time only (scripts/route-pages.ts): a funnel route's first screen as HTML, as a first visit sees it, so its page
// shows the step before the app's code has arrived; main.tsx then hydrates it.
import i18next from 'i18next';
import { prerender } from 'react-dom/static';
import type { CatalogueLoader } from './api/catalogues.ts';
import { funnelNamespaces, loadFunnel } from './funnel/load-funnel.ts';
import { startI18n, type Language } from './i18n.ts';
import { App, flowAt } from './routes.tsx';

/** The HTML of #root for a funnel route in a language, in a page of its own or embedded (src/layout/Layout.tsx). */
export async function renderFirstScreen(path: string, lang: Language, load: CatalogueLoader, embed: boolean): Promise<string> {
  const funnel = flowAt(path);
  if (!funnel) throw new Error(`prerender: ${path} is not a funnel route`);
  if (i18next.isInitialized) await i18next.changeLanguage(lang);
  else await startI18n(lang, [], load);
  await Promise.all([i18next.loadNamespaces(funnelNamespaces(funnel)), loadFunnel(funnel)]);
  const errors: unknown[] = [];
  const search = new URLSearchParams(embed ? { embed: '1' } : {});
  if (lang !== 'en') search.set('lang', lang);
  const { prelude } = await prerender(<App ssrPath={path} ssrSearch={search.toString()} />, { onError: (error) => void errors.push(error) });
  // An error would leave the step to the browser (React's client-rendering fallback): the build says so instead.
  if (errors.length) throw new AggregateError(errors, `prerender of ${path} (${lang}) failed`);
  return new Response(prelude).text();
}
