// The pages the side menu (§1) and the home screen point to by name: the site's navigation, content rather than logic.
// The funnels among them are found by the place each flow says it is (its `site`), so no funnel is named here.
import type { SitePlace } from '../../engine/types.ts';
import { flows } from '../flows.ts';

/** The first route of the funnel that is this place of the site (flows:check keeps each place to one funnel). */
const funnelAt = (place: SitePlace) => flows.find((flow) => flow.site === place)?.routes[0] ?? '/';

export const SITE_LINKS = {
  findReport: funnelAt('findReport'),
  /** The alert funnel; the results page links to it with the search in the query. */
  notify: funnelAt('notify'),
  consult: funnelAt('consult'),
  calculate: funnelAt('calculate'),
  nearMe: '/accidents-near-me',
  about: '/about',
} as const;

/** The legal pages (src/pages/legal/LegalPage.tsx draws them) by their route, /<page>; their links' copy is app:footer.<page>. */
export const LEGAL_PAGES = ['terms', 'privacy-policy', 'sms-terms', 'disclaimer', 'accessibility'] as const;

/** Funnel routes the side menu names above its list of the other funnels. */
export const MENU_FUNNELS: string[] = [SITE_LINKS.findReport, SITE_LINKS.notify, SITE_LINKS.consult];
/** Funnel routes the home screen offers as actions above its list of the other funnels. */
export const HOME_FUNNELS: string[] = [SITE_LINKS.findReport, SITE_LINKS.notify, SITE_LINKS.calculate, SITE_LINKS.consult];
