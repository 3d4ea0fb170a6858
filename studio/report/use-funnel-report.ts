// A flow's funnel report for the chosen days and language, fetched from the studio's dev server (which asks the API),
// again when the filters change or on Refresh. The last answer stays shown while the next is on its way.
import { useCallback, useEffect, useState } from 'react';
import { REPORT_PATH, type ReportAnswer } from './studio-report.ts';

export interface ReportFilters {
  /** UTC days, YYYY-MM-DD, both included; '' for no bound. */
  since: string;
  until: string;
  /** The language the visits started in; '' for all. */
  lang: '' | 'en' | 'es';
}

export const NO_FILTERS: ReportFilters = { since: '', until: '', lang: '' };

export function useFunnelReport(flowId: string, filters: ReportFilters) {
  const [asked, setAsked] = useState(0);
  const query = new URLSearchParams(Object.entries({ flow: flowId, ...filters }).filter(([, value]) => value !== '')).toString();
  // The answer and the question it answers (with the Refresh count): loading until they match.
  const [answered, setAnswered] = useState<{ question: string; answer: ReportAnswer }>();
  const question = `${query}#${asked}`;

  useEffect(() => {
    let live = true;
    void fetch(`${REPORT_PATH}?${query}`)
      .then((res) => res.json() as Promise<ReportAnswer>)
      .catch((error: unknown): ReportAnswer => ({ kind: 'unreachable', api: 'the studio’s dev server', detail: String(error) }))
      .then((answer) => {
        if (live) setAnswered({ question, answer });
      });
    return () => {
      live = false;
    };
  }, [query, question]);

  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  return { answer: answered?.answer, loading: answered?.question !== question, refresh };
}
