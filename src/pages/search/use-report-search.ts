// Runs a report search for the page: a new query aborts the one before; the last answer stays shown while the next
// one loads, and a failure can be tried again.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { searchReports, type SearchAnswer } from '../../api/report-search.ts';

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
  const [settled, setSettled] = useState<Settled>({ key: '', attempt: -1, answer: null, error: null });

  useEffect(() => {
    if (!key) return undefined;
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
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const done = settled.key === key && settled.attempt === attempt;
  return {
    loading: key !== '' && !done,
    answer: settled.answer,
    current: done && settled.error === null,
    error: done ? settled.error : null,
    retry,
  };
}
