// The estimated case value: headline, gauge at the level's percent, the answers it was based on, and (when the flow
// names its answer field) the estimate in dollars, whose code and state facts are fetched only then.
import { lazy, Suspense, useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { SCALE_KEYS } from '../questions/Slider.tsx';
import { useCopy, type Translate } from '../shared/use-copy.ts';
import { Gauge } from './Gauge.tsx';
import { Optional } from './Optional.tsx';
import './case-value.css';

const Estimate = lazy(() => import('./Estimate.tsx').then((m) => ({ default: m.Estimate })));

export type CaseValueFactor = { field: string; kind: 'yesno' | 'slider'; label: string };

export type CaseValueProps = {
  /** Name of the computed value holding the level (0..3). */
  level: string;
  percents: number[];
  headlines: string[];
  factors: CaseValueFactor[];
  /** The answer field of the estimate in dollars (its own questions and result); no estimate without it. */
  estimate?: string;
};

function levelOf(value: unknown, count: number): number {
  const n = Number(value);
  return Number.isInteger(n) ? Math.min(count - 1, Math.max(0, n)) : 0;
}

function answerText(factor: CaseValueFactor, value: unknown, t: Translate): string {
  if (factor.kind === 'yesno') {
    if (typeof value !== 'boolean') return t('common:answer.none');
    return t(value ? 'common:yesno.yes' : 'common:yesno.no');
  }
  const key = typeof value === 'number' ? SCALE_KEYS[value] : undefined;
  return key ? t(key) : t('common:answer.none');
}

export function CaseValue({ props, answers, computed, ns, send, busy }: WidgetProps<CaseValueProps>) {
  const { t } = useCopy(ns);
  const factorsId = useId();
  const level = levelOf(computed[props.level], props.percents.length);
  const percent = props.percents[level] ?? 0;
  const headlineKey = props.headlines[level];
  const headline = headlineKey ? t(headlineKey) : '';
  const valueText = t('common:caseValue.percent', { percent });

  return (
    <div className="widget case-value">
      <div className="case-value__result card">
        <h2 className="case-value__headline">{headline}</h2>
        <Gauge percent={percent} valueText={valueText} label={t('common:caseValue.gauge', { headline, percent: valueText })} />
      </div>
      {props.factors.length > 0 && (
        <section className="case-value__factors" aria-labelledby={factorsId}>
          <h3 id={factorsId} className="case-value__factors-title">
            {t('common:caseValue.factorsTitle')}
          </h3>
          <dl className="factors">
            {props.factors.map((factor) => (
              <div key={factor.field} className="factors__row">
                <dt>{t(factor.label)}</dt>
                <dd>{answerText(factor, answers[factor.field], t)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {props.estimate && (
        <Optional>
          <Suspense>
            <Estimate field={props.estimate} answers={answers} send={send} busy={busy} />
          </Suspense>
        </Optional>
      )}
    </div>
  );
}
