// After a declined consultation: request received, when a lawyer helps, Learn more and Close.
import { useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { CheckIcon } from '../shared/icons.tsx';
import { useCopy } from '../shared/use-copy.ts';
import './explanation.css';

export type ExplanationProps = {
  learnMoreHref: string;
  closeHref: string;
};

const REASONS = ['injuries', 'fault', 'offer', 'deadline'] as const;

export function Explanation({ props, navigate, ns }: WidgetProps<ExplanationProps>) {
  const { t } = useCopy(ns);
  const titleId = useId();
  const newTabId = useId();

  return (
    <div className="widget explanation">
      <p className="explanation__thanks" role="status">
        <CheckIcon />
        <span>{t('common:explanation.thanks')}</span>
      </p>
      <section className="explanation__body card" aria-labelledby={titleId}>
        <h2 id={titleId} className="widget__subtitle">
          {t('common:explanation.title')}
        </h2>
        {REASONS.map((reason) => (
          <p key={reason}>{t(`common:explanation.${reason}`)}</p>
        ))}
      </section>
      <div className="explanation__actions">
        <a className="btn btn-secondary" href={props.learnMoreHref} target="_blank" rel="noopener noreferrer" aria-describedby={newTabId}>
          {t('common:explanation.learnMore')}
        </a>
        <button type="button" className="btn btn-primary" onClick={() => navigate(props.closeHref)}>
          {t('common:nav.close')}
        </button>
      </div>
      <span id={newTabId} className="visually-hidden">
        {t('common:links.newTab')}
      </span>
    </div>
  );
}
