// The pages the side menu (§1) and the home screen point to by name: the site's navigation, content rather than logic
// (every funnel is still reached through its flow's routes).
export const SITE_LINKS = {
  findReport: '/find-my-report',
  /** The alert funnel (flows/notify-me.json); the results page links to it with the search in the query. */
  notify: '/notify-me',
  consult: '/request-attorney',
  calculate: '/calculate-your-accident-claim-value',
  nearMe: '/accidents-near-me',
  about: '/about',
} as const;

/** Funnel routes the side menu names above its list of the other funnels. */
export const MENU_FUNNELS: string[] = [SITE_LINKS.findReport, SITE_LINKS.notify, SITE_LINKS.consult];
/** Funnel routes the home screen offers as actions above its list of the other funnels. */
export const HOME_FUNNELS: string[] = [SITE_LINKS.findReport, SITE_LINKS.notify, SITE_LINKS.calculate, SITE_LINKS.consult];
