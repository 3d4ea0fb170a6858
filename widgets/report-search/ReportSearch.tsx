// The hand-off from the locating wizard to the results (find-my-report): the answers become a results URL with the
// search in its query; the funnel steps back to the wizard, which stays filled in for a person who comes Back to change
// something, and the page goes on to the results.
import { useEffect, useMemo } from 'react';
import type { WidgetProps } from '../types.ts';
import { afterPaint } from '../shared/schedule.ts';
import { useCopy } from '../shared/use-copy.ts';
import { searchOfAnswers, searchPath } from './search-query.ts';

export interface ReportSearchProps {
  /** The results page's path, e.g. /results. */
  href: string;
  /** Copy key of the line shown meanwhile. */
  text: string;
}

export function ReportSearch({ props, answers, send, navigate, ns }: WidgetProps<ReportSearchProps>) {
  const { t, lng } = useCopy(ns);
  const to = useMemo(() => {
    const search = searchOfAnswers(answers);
    return search ? searchPath(props.href, search) : null;
  }, [answers, props.href]);
  // After this screen is painted, not in the tap that showed it: going to another page is a long task at 4× CPU (the
  // tap took 240 ms to paint with it, most of it here). Cancelled if the screen goes first (React's second effect run
  // in development, a hidden screen). The wizard's guard lets only answers that make a search through; without one,
  // stepping back is all there is to do.
  useEffect(() => {
    const scheduled = afterPaint(() => {
      send({ type: 'BACK' });
      if (to) navigate(to);
    });
    return scheduled.cancel;
  }, [send, navigate, to]);

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
