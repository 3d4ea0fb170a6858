// A legal notice in small print with its Terms and sponsors links; the server keeps the same wording as consent evidence.
import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { WidgetProps } from '../types.ts';
import { useCopy } from '../shared/use-copy.ts';
import './consent.css';

interface LegalNoticeProps {
  /** Copy key of the notice (a common:consent.notice.* key, so the server can store its text). */
  notice: string;
  ns: string;
  id?: string;
}

export function LegalNotice({ notice, ns, id }: LegalNoticeProps) {
  const { t, fixedT } = useCopy(ns);
  const newTabId = useId();
  const link = (href: string) => (
    <a className="text-link" href={href} target="_blank" rel="noopener noreferrer" aria-describedby={newTabId}>
      {href}
    </a>
  );
  return (
    <div id={id} className="consent__notice">
      {/* A new paragraph per notice: its words appear in place, rather than the old ones moving as it is rewritten. */}
      <p key={notice}>
        <Trans t={fixedT} i18nKey={notice} components={{ terms: link('/terms'), sponsors: link('/about') }} />
      </p>
      <span id={newTabId} className="visually-hidden">
        {t('common:links.newTab')}
      </span>
    </div>
  );
}

/** The notice as a block of its own, for steps whose button is the agreement (e.g. "Request consultation"). */
export function LegalNoticeBlock({ props, ns }: WidgetProps<{ notice: string }>) {
  return (
    <div className="widget">
      <LegalNotice notice={props.notice} ns={ns} />
    </div>
  );
}
