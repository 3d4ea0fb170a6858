// A legal notice in small print with its Terms link, right above the button it speaks of. What it shows is what the
// server keeps: it writes its key, its words as rendered and the sponsors it names to the `notice` answer, which the
// request of that button sends as its consent (checked by the server against its own catalogue).
import { useEffect, useId } from 'react';
import { Trans } from 'react-i18next';
import { listOf, plainText } from '../../engine/consent-notice.ts';
import type { WidgetProps } from '../types.ts';
import { useCopy } from '../shared/use-copy.ts';
import type { OfferedSponsor } from '../sponsor-consent/lead-sponsors.ts';
import './consent.css';

interface LegalNoticeProps {
  /** Copy key of the notice, namespace included (a consent.notice key, so the server can store its text). */
  notice: string;
  ns: string;
  send: WidgetProps['send'];
  /** The sponsors it names ({{sponsors}}), in the order shown. */
  sponsors?: readonly OfferedSponsor[];
  id?: string;
}

const NO_SPONSORS: readonly OfferedSponsor[] = [];

export function LegalNotice({ notice, ns, send, sponsors = NO_SPONSORS, id }: LegalNoticeProps) {
  const { t, fixedT, lng } = useCopy(ns);
  const newTabId = useId();
  const values = {
    sponsors: listOf(
      sponsors.map((sponsor) => sponsor.name),
      lng,
    ),
  };
  const marked = (fixedT as unknown as (key: string, options: object) => string)(notice, values);
  const text = plainText(marked);
  const ids = sponsors.map((sponsor) => sponsor.id).join(' ');
  useEffect(() => {
    send({ type: 'ANSWER', values: { notice: { key: notice, text, sponsors: ids === '' ? [] : ids.split(' ') } } });
  }, [send, notice, text, ids]);
  const link = (href: string) => (
    <a className="text-link" href={href} target="_blank" rel="noopener noreferrer" aria-describedby={newTabId}>
      {href}
    </a>
  );
  return (
    <div id={id} className="consent__notice" data-notice={notice}>
      {/* A new paragraph per notice: its words appear in place, rather than the old ones moving as it is rewritten. */}
      <p key={notice}>
        <Trans t={fixedT} i18nKey={notice} values={values} components={{ terms: link('/terms') }} />
      </p>
      {marked.includes('<terms>') && (
        <span id={newTabId} className="visually-hidden">
          {t('common:links.newTab')}
        </span>
      )}
    </div>
  );
}
