// The legal-consultation choice (§2.8): why it is offered, a big Yes/No, and the legal notice for the choice.
import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { WidgetProps } from '../types.ts';
import { InfoButton, InfoPanel } from '../shared/InfoTip.tsx';
import { YesNo } from '../shared/YesNo.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { useDisclosure } from '../shared/use-disclosure.ts';
import './consent.css';

export type ConsentProps = {
  /** Answer field that holds the choice: true, false, or null while undecided. */
  field: string;
  /** Copy key of the question. */
  question: string;
  /** 'secondary' words the notices with a link to marketing partners and sponsors. */
  variant?: 'primary' | 'secondary';
};

const REASONS = ['severity', 'date', 'fault'] as const;

export function Consent({ props, answers, send, busy, ns }: WidgetProps<ConsentProps>) {
  const { t, fixedT } = useCopy(ns);
  const questionId = useId();
  const noticeId = useId();
  const newTabId = useId();
  const why = useDisclosure();
  const [value, setValue] = useAnswer<boolean | null>({ answers, send }, props.field);
  const choice = value === true ? 'yes' : value === false ? 'no' : 'undecided';
  const variant = props.variant === 'secondary' ? 'secondary' : 'primary';
  const link = (href: string) => (
    <a className="text-link" href={href} target="_blank" rel="noopener noreferrer" aria-describedby={newTabId}>
      {href}
    </a>
  );

  return (
    <div className="widget consent">
      <div className="consent__why">
        <p className="consent__intro">{t('common:consent.intro')}</p>
        <div>
          <InfoButton disclosure={why} text={t('common:consent.why')} />
        </div>
        <InfoPanel disclosure={why}>
          <p>{t('common:consent.whyIntro')}</p>
          <ul>
            {REASONS.map((reason) => (
              <li key={reason}>{t(`common:consent.reasons.${reason}`)}</li>
            ))}
          </ul>
        </InfoPanel>
      </div>
      <div className="consent__choice">
        <p id={questionId} className="consent__question">
          {t(props.question)}
        </p>
        <YesNo
          labelledBy={questionId}
          describedBy={noticeId}
          value={value}
          onChange={setValue}
          size="lg"
          disabled={busy}
        />
      </div>
      <div id={noticeId} className="consent__notice" aria-live="polite">
        <p>
          <Trans
            t={fixedT}
            i18nKey={`common:consent.notice.${variant}.${choice}`}
            components={{ terms: link('/terms'), sponsors: link('/about') }}
          />
        </p>
      </div>
      <span id={newTabId} className="visually-hidden">
        {t('common:links.newTab')}
      </span>
    </div>
  );
}
