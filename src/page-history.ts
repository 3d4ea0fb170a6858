// The page's entry in the browser history, through wouter: where it is, what the funnel recorded on it, and how to move.
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

/** What the app keeps on a history entry. */
export interface PageState {
  /** The funnel step this entry shows. */
  step?: string;
  /** How many funnel entries lie behind this one in the history. */
  depth?: number;
  /** A link's navigation: a funnel reached by it starts a new visit, even on the same path. */
  visit?: string;
}

export interface PageLocation {
  pathname: string;
  /** The query with its "?", or "". */
  search: string;
  state: PageState;
  /** Goes to an app path: a new entry, or this one replaced; the state given, else a new visit. */
  navigate: (to: string, options?: { replace?: boolean; state?: PageState }) => void;
}

/** An entry the app has not written to (a landing, a reload of such a page): one object, so it reads the same. */
const NO_STATE: PageState = {};

let visits = 0;

/** A fresh visit id for a link's navigation (unique in the tab: its time and a count). */
export const newVisit = (): PageState => ({ visit: `${Date.now()}-${++visits}` });

export function usePageLocation(): PageLocation {
  const [pathname, go] = useLocation();
  const search = useSearch();
  const state = useHistoryState<PageState | null>() ?? NO_STATE;
  return {
    pathname,
    search: search ? `?${search}` : '',
    state,
    navigate: (to, { replace = false, state: next = newVisit() } = {}) => go(to, { replace, state: next }),
  };
}
