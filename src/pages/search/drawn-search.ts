// The search a results page was drawn with (server/pages.ts): its answer, taken as the search's first answer, and the
// day the server took for today, which the first render takes too so that it draws what the page shows.
import { createContext, use, useMemo, useSyncExternalStore } from 'react';
import { DRAWN_SEARCH_ID, type DrawnSearch as Drawn } from '../../../engine/site-pages.ts';
import { today } from '../../../engine/validators.ts';
import type { SearchAnswer } from '../../api/report-search.ts';
import { drawnBlock } from '../../drawn-block.ts';

export type DrawnSearchValue = Omit<Drawn, 'answer'> & { answer: SearchAnswer };

/** Given to the server's render (src/entry-server.tsx), read from the page's block in the browser. */
export const DrawnSearch = createContext<DrawnSearchValue | undefined>(drawnBlock<DrawnSearchValue>(DRAWN_SEARCH_ID));

/** The drawn answer to the API's query, if the page was drawn with this query's. */
export function useDrawnAnswer(query: string): SearchAnswer | undefined {
  const drawn = use(DrawnSearch);
  return drawn && drawn.query === query ? drawn.answer : undefined;
}

/**
 * Now, for the days a search's page names ("the last 14 days", the dates to widen to): a moment of the day the page was
 * drawn for while the app takes the page over (the server's today, which may not be this device's: its time zone is
 * not sent), then of this device's day.
 */
export function usePageNow(): Date {
  const drawnToday = use(DrawnSearch)?.today;
  // The day changes under a page too seldom to watch: it is read again whenever the page renders.
  const day = useSyncExternalStore(
    () => () => {},
    () => today(new Date()),
    () => drawnToday ?? today(new Date()),
  );
  return useMemo(() => new Date(`${day}T12:00:00`), [day]);
}
