// The hand-off from the locating wizard to the results (find-my-report): the answers become a results URL with the
// search in its query; the funnel steps back to the wizard, which stays filled in for a person who comes Back to change
// something, and the page goes on to the results. With `query`, the flow searches first instead: the widget writes the
// API's query to that answer and sends NEXT once, and the flow goes on by what it finds (to a hand-off like this one
// when reports are found).
import { useEffect, useMemo, useRef } from 'react';
import type { WidgetProps } from '../types.ts';
import { afterPaint } from '../shared/schedule.ts';
import { useCopy } from '../shared/use-copy.ts';
import { apiQuery, searchOfAnswers, searchPath } from './search-query.ts';

export interface ReportSearchProps {
  /** The results page's path, e.g. /results. */
  href: string;
  /** Copy key of the line shown meanwhile. */
  text: string;
  /** Answer field for the API's query of the search, written before the NEXT whose effect searches. */
  query?: string;
}

export function ReportSearch({ props, answers, send, navigate, ns }: WidgetProps<ReportSearchProps>) {
  const { t, lng } = useCopy(ns);
  const search = useMemo(() => searchOfAnswers(answers), [answers]);
  // Once per search: a VIN search's path holds a new handle to the VIN each time it is made.
  const to = useMemo(() => (search ? searchPath(props.href, search) : null), [search, props.href]);
  const field = props.query;
  // As text: the same search is the same text, whatever else in the answers changes.
  const query = field !== undefined && search ? JSON.stringify(apiQuery(search)) : null;
  const asked = useRef(false);

  // After this screen is painted, not in the tap that showed it: going to another page is a long task at 4× CPU (the
  // tap took 240 ms to paint with it, most of it here). Cancelled if the screen goes first (React's second effect run
  // in development, a hidden screen). The wizard's guard lets only answers that make a search through; without one,
  // stepping back is all there is to do.
  useEffect(() => {
    const scheduled = afterPaint(() => {
      if (field !== undefined && query !== null) {
        // Once: the flow answers by going on (a failed search stays here with its message, and this screen's link).
        if (asked.current) return;
        asked.current = true;
        send({ type: 'ANSWER', values: { [field]: JSON.parse(query) as unknown } });
        send({ type: 'NEXT' });
        return;
      }
      send({ type: 'BACK' });
      if (to) navigate(to);
    });
    return scheduled.cancel;
  }, [send, navigate, to, field, query]);

  return (
    <p className="widget report-search" role="status">
      {t(props.text)}{' '}
      {to && (
        <a className="text-link" href={lng === 'en' ? to : `${to}&lang=${lng}`}>
          {t('common:redirect.link')}
        </a>
      )}
    </p>
  );
}
