// Sends the person on to another page once the step is shown (e.g. an external claim page after a declined call),
// with a link in case the browser does not follow.
import { useEffect, useRef } from 'react';
import type { WidgetProps } from '../types.ts';
import { useCopy } from '../shared/use-copy.ts';

export type RedirectProps = {
  /** Where to go: an app path or an absolute URL. */
  href: string;
  /** Copy key of the line shown meanwhile. */
  text: string;
};

export function Redirect({ props, navigate, ns }: WidgetProps<RedirectProps>) {
  const { t } = useCopy(ns);
  const sent = useRef(false);
  // Once: a second navigation (the page re-rendering meanwhile) would abort the first.
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    navigate(props.href);
  }, [navigate, props.href]);
  return (
    <p className="widget redirect" role="status">
      {t(props.text)}{' '}
      <a className="text-link" href={props.href}>
        {t('common:redirect.link')}
      </a>
    </p>
  );
}
