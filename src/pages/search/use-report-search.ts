// Runs a report search for the page: a new query aborts the one before; the last answer stays shown while the next
// one loads, and a failure can be tried again. The answer a page was drawn with is its query's first (drawn-search.ts).
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { searchReports, type SearchAnswer } from '../../api/report-search.ts';
import { useDrawnAnswer } from './drawn-search.ts';

export interface SearchState {
  /** The query being answered, or null for none. */
  loading: boolean;
  /** The answer to this query, or to the one before while this one loads. */
  answer: SearchAnswer | null;
  /** Whether `answer` answers the query shown. */
  current: boolean;
  error: ApiError | null;
  retry: () => void;
}

interface Settled {
  key: string;
  attempt: number;
  answer: SearchAnswer | null;
  error: ApiError | null;
}

export function useReportSearch(query: Record<string, string> | null): SearchState {
  const key = query ? new URLSearchParams(query).toString() : '';
  const [attempt, setAttempt] = useState(0);
  const drawn = useDrawnAnswer(key);
  const [settled, setSettled] = useState<Settled>(() =>
    drawn ? { key, attempt: 0, answer: drawn, error: null } : { key: '', attempt: -1, answer: null, error: null },
  );

  useEffect(() => {
    if (!key) return undefined;
    // The drawn search's first attempt (also back at it): its answer, not asked anew.
    if (drawn && attempt === 0) return undefined;
    const controller = new AbortController();
    searchReports(Object.fromEntries(new URLSearchParams(key)), controller.signal).then(
      (answer) => setSettled({ key, attempt, answer, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof ApiError ? error : new ApiError(0, 'network', String(error));
        setSettled((before) => ({ key, attempt, answer: before.answer, error: failure }));
      },
    );
    return () => controller.abort();
  }, [key, attempt, drawn]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const shown = drawn && attempt === 0 ? { key, attempt, answer: drawn, error: null } : settled;
  const done = shown.key === key && shown.attempt === attempt;
  return {
    loading: key !== '' && !done,
    answer: shown.answer,
    current: done && shown.error === null,
    error: done ? shown.error : null,
    retry,
  };
}
