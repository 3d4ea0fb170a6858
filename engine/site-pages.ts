// Which page of the site a path is: the app's routes (src/routes.tsx draws them) as the server and the app both need to
// name them, for a page's title and description, its status (404 for what is no page) and whether search engines may
// index it. Pure: the flows' routes and the state prefixes are given.
import type { Language } from './languages.ts';

/** The legal pages, by their route /<page>; the footer links them (app:footer.<page>). */
export const LEGAL_PAGES = ['terms', 'privacy-policy', 'sms-terms', 'disclaimer', 'accessibility'] as const;
/** The text pages: about and the legal pages (src/pages/legal/LegalPage.tsx draws them). */
export const TEXT_PAGES = ['about', ...LEGAL_PAGES] as const;
export type TextPage = (typeof TEXT_PAGES)[number];

/** Each text page's copy: its title is <key>.title (legal pages: the privacy catalogue's `legal`). */
export const TEXT_PAGE_COPY: Record<TextPage, string> = {
  about: 'app:pages.about',
  terms: 'privacy:legal.terms',
  'privacy-policy': 'privacy:legal.privacy',
  'sms-terms': 'privacy:legal.sms',
  disclaimer: 'privacy:legal.disclaimer',
  accessibility: 'privacy:legal.accessibility',
};

/**
 * id of the JSON block naming a built page's code (server/page-code.ts): its module script, the modules it imports, and
 * on a funnel route's page the file of its first screen's copy (scripts/route-pages.ts, read by src/api/page-copy.ts).
 */
export const PAGE_CODE_ID = 'claimflow-code';

export interface PageCode {
  entry: string;
  modules: string[];
  copy?: string;
}

/** id of the JSON block a report's page comes with: the public facts the server drew it with (server/pages.ts). */
export const DRAWN_REPORT_ID = 'claimflow-report';

/** id of the JSON block a text page comes with: what the legal pages state (GET /api/legal), as the server drew it with. */
export const DRAWN_LEGAL_ID = 'claimflow-legal';

/** id of the JSON block a results page with a search comes with: the search's answer, as the server drew it with. */
export const DRAWN_SEARCH_ID = 'claimflow-search';

/**
 * A results page's search as the server ran it: the API's query (GET /api/reports/search, its parameters in the app's
 * order), its answer, and the day the server took for today (YYYY-MM-DD) for what the page says of "the last 14 days".
 */
export interface DrawnSearch {
  query: string;
  answer: object;
  today: string;
}

/**
 * What a page is drawn for on the server (src/entry-server.tsx): its path and query as the browser's address has them,
 * its language, for a report's page the report's public facts (as GET /api/reports/{id} answers without proof), for
 * a text page what the legal pages state (as GET /api/legal answers), and for a results page its search's answer.
 */
export interface DrawnPage {
  pathname: string;
  search: string;
  lang: Language;
  report?: object;
  legal?: object;
  results?: DrawnSearch;
}

/** The build's Node bundle of the app (src/entry-server.tsx), as the server uses it. */
export interface PageDrawing {
  /** Draws a page: the HTML of the app's first render there. */
  renderPage: (page: DrawnPage) => Promise<string>;
  /**
   * The API's query for the search a results page's address holds (its query string), as the page asks it; none when
   * the address holds no search the server can run (a VIN's handle is the visitor's tab's).
   */
  searchQueryOf: (search: string) => string | undefined;
}

/** A report's public id: 16 random bytes in base64url. Anything else is no report's (404 before any query). */
export const REPORT_ID = /^[A-Za-z0-9_-]{22}$/;

export interface SiteFlow {
  namespace: string;
  routes: readonly string[];
}

export type SitePage =
  | { kind: 'home' | 'privacy' | 'results' | 'nearMe' | 'notFound' }
  | { kind: 'text'; page: TextPage }
  | { kind: 'funnel'; flow: SiteFlow }
  /** A report's screen (/accident/{id}), its short link (/{id}) or a business user's view of it. */
  | { kind: 'report' | 'shortLink'; id: string }
  /** Pages behind a token or an id only their holder has: never indexed. */
  | { kind: 'business' | 'unsubscribe' | 'certificate' | 'verify' };

/** A flow's one-segment routes may start with a state's code: /tx/request-attorney. */
export const withStatePrefixes = (path: string, prefixes: readonly string[]) =>
  /^\/[^/]+$/.test(path) ? [path, ...prefixes.map((state) => `/${state}${path}`)] : [path];

const FIXED: Record<string, SitePage> = {
  '/': { kind: 'home' },
  '/privacy': { kind: 'privacy' },
  '/results': { kind: 'results' },
  '/accidents-near-me': { kind: 'nearMe' },
  '/accidents-near-me/embed': { kind: 'nearMe' },
  ...Object.fromEntries(TEXT_PAGES.map((page) => [`/${page}`, { kind: 'text', page }])),
};

const PATTERNS: [RegExp, (match: string[]) => SitePage][] = [
  [/^\/accident\/([^/]+)(?:\/[^/]+)?$/, ([, id]) => ({ kind: 'report', id: id! })],
  [/^\/business\/[^/]+\/[^/]+$/, () => ({ kind: 'business' })],
  [/^\/unsubscribe\/[^/]+$/, () => ({ kind: 'unsubscribe' })],
  [/^\/certificates\/[^/]+$/, () => ({ kind: 'certificate' })],
  [/^\/verify\/[^/]+$/, () => ({ kind: 'verify' })],
];

/** The page at pathname, in the order src/routes.tsx matches them: a one-segment path is a flow's or a text page's route first. */
export function sitePageAt(pathname: string, flows: readonly SiteFlow[], statePrefixes: readonly string[]): SitePage {
  const path = pathname.replace(/\/+$/, '') || '/';
  const fixed = FIXED[path];
  if (fixed) return fixed;
  const flow = flows.find((f) => f.routes.some((route) => withStatePrefixes(route, statePrefixes).includes(path)));
  if (flow) return { kind: 'funnel', flow };
  for (const [pattern, page] of PATTERNS) {
    const match = pattern.exec(path);
    if (match) return page(match);
  }
  const one = /^\/([^/]+)$/.exec(path)?.[1];
  return one && REPORT_ID.test(one) ? { kind: 'shortLink', id: one } : { kind: 'notFound' };
}

/** Whether search engines may list the page: not what a token opens, a search's answer, nor what is no page. */
export const indexable = (page: Pick<SitePage, 'kind'>) => !['business', 'unsubscribe', 'certificate', 'verify', 'results', 'notFound'].includes(page.kind);
