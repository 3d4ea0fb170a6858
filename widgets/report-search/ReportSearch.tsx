// The hand-off from the locating wizard to the results (find-my-report): the answers become a results URL with the
// search in its query; the funnel steps back to the wizard, which stays filled in for a person who comes Back to change
// something, and the page goes on to the results.
import { useEffect, useMemo, useRef } from 'react';
import type { WidgetProps } from '../types.ts';
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
  const sent = useRef(false);

  // Once (a re-render, or React's second effect run in development, would go twice). The wizard's guard lets only
  // answers that make a search through; without one, stepping back is all there is to do.
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    send({ type: 'BACK' });
    if (to) navigate(to);
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
