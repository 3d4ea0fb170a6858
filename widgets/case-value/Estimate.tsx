// The estimate in dollars under the gauge (issue 36): the state (from the funnel's place, else asked), the crash's date
// and the share of fault when the person was at fault; then the range, each reason in one line, the other driver's
// minimum insurance and the days left to file. The rules are data (facts/estimate.json) run by engine/estimate.ts.
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import rules from '../../facts/estimate.json' with { type: 'json' };
import { runEstimate, type EstimateRules, type ShownReason } from '../../engine/estimate.ts';
import { factsOf, STATE_CODES } from '../../engine/state-facts.ts';
import { today, validators } from '../../engine/validators.ts';
import type { FlowEvent } from '../../engine/types.ts';
import { DateField } from '../fields/DateField.tsx';
import { dateErrorKey } from '../fields/field-errors.ts';
import { SelectField } from '../fields/SelectField.tsx';
import type { Place } from '../shared/geo.ts';
import { formatMoney } from '../shared/money.ts';
import { addEstimateCopy, ESTIMATE_NS } from './estimate-copy.ts';
import { estimateAnswer, type EstimateAnswer } from './estimate-answer.ts';
import './estimate.css';

const SHARES = [10, 25, 50, 75, 100];
const ASSUMED_SHARE = String((rules as EstimateRules).tables.assumedShare);

interface EstimateProps {
  /** The answer field the estimate keeps its own answers and result in. */
  field: string;
  answers: Record<string, unknown>;
  send: (event: FlowEvent) => void;
  busy: boolean;
}

/** The state the funnel already knows (its place's), if any. */
const knownState = (answers: Record<string, unknown>) => {
  const place = validators.place(answers.place) ? (answers.place as Place) : null;
  return factsOf(place?.state) ? (place as Place).state : undefined;
};

export function Estimate({ field, answers, send, busy }: EstimateProps) {
  const { i18n } = useTranslation();
  addEstimateCopy(i18n);
  const { t } = useTranslation(ESTIMATE_NS);
  const lng = i18n.language;
  const headingId = useId();
  const own = estimateAnswer(answers[field]);
  const placeState = knownState(answers);
  const state = placeState ?? (factsOf(own.state) ? own.state : undefined);
  const knownDate = validators.pastDate(answers.date, new Date()) ? (answers.date as string) : undefined;
  const date = knownDate ?? own.date;
  const atFault = answers.fault === true;
  const set = (patch: Partial<EstimateAnswer>) => send({ type: 'ANSWER', values: { [field]: { ...own, ...patch } } });

  const result = useMemo(() => {
    const facts = factsOf(state);
    if (!state || !facts) return null;
    const validDate = date && !dateErrorKey(date) ? date : undefined;
    return runEstimate(rules as EstimateRules, {
      state,
      facts,
      answers: { ...answers, faultShare: own.share ?? null },
      crashDate: validDate,
      today: today(new Date()),
    });
  }, [state, date, answers, own.share]);

  // The result is kept with the answers: the consent's reasons say the days left from it.
  const summary = result ? { low: result.low, high: result.high, daysLeft: result.daysLeft } : { low: undefined, high: undefined, daysLeft: undefined };
  const changed = summary.low !== own.low || summary.high !== own.high || summary.daysLeft !== own.daysLeft;
  useEffect(() => {
    if (changed) set(summary);
  });

  const shown = (reason: ShownReason) => t(reason.key, valuesOf(reason, t));
  const states = useMemo(
    () => STATE_CODES.map((code) => ({ value: code, label: t(`states.${code}`) })).sort((a, b) => a.label.localeCompare(b.label, lng)),
    [t, lng],
  );
  const dateError = own.date ? dateErrorKey(own.date) : null;

  return (
    <section className="estimate card" aria-labelledby={headingId}>
      <h2 id={headingId} className="estimate__title">
        {t('title')}
      </h2>
      {!placeState && (
        <SelectField
          label={t('state')}
          options={[{ value: '', label: t('statePick') }, ...states]}
          value={state ?? ''}
          onChange={(next) => set({ state: next || undefined })}
          disabled={busy}
        />
      )}
      {!knownDate && (
        <DateField
          label={t('date')}
          value={own.date ?? ''}
          max={today(new Date())}
          onChange={(next) => set({ date: next || undefined })}
          error={dateError && t(dateError)}
          disabled={busy}
        />
      )}
      {atFault && (
        <SelectField
          label={t('share')}
          options={SHARES.map((share) => ({ value: String(share), label: t(`shares.${share}`) }))}
          value={String(own.share ?? ASSUMED_SHARE)}
          onChange={(next) => set({ share: Number(next) })}
          disabled={busy}
        />
      )}
      <div aria-live="polite" className="estimate__result">
        {result ? (
          <p className="estimate__range">
            <span className="estimate__range-label">{t('rangeLabel')}</span>
            <strong className="estimate__figure">
              {result.low === result.high ? formatMoney(result.low) : t('range', { low: formatMoney(result.low), high: formatMoney(result.high) })}
            </strong>
            {result.high === 0 && <span className="estimate__barred">{t('barred')}</span>}
          </p>
        ) : (
          <p className="estimate__hint">{t('chooseState')}</p>
        )}
      </div>
      {result && (
        <>
          <h3 className="estimate__subtitle">{t('how')}</h3>
          <ul className="estimate__reasons">
            {result.reasons
              .filter((reason) => reason.group === 'range')
              .map((reason) => (
                <li key={reason.key}>{shown(reason)}</li>
              ))}
          </ul>
          <h3 className="estimate__subtitle">{t('insuranceTitle')}</h3>
          {result.reasons
            .filter((reason) => reason.group === 'insurance')
            .map((reason) => (
              <p key={reason.key}>{shown(reason)}</p>
            ))}
          <h3 className="estimate__subtitle">{t('deadlineTitle')}</h3>
          {result.reasons
            .filter((reason) => reason.group === 'deadline')
            .map((reason) =>
              reason.tone === 'warning' ? (
                <p key={reason.key} className="estimate__warning">
                  <strong>{t('warning')}</strong> {shown(reason)}
                </p>
              ) : (
                <p key={reason.key}>{shown(reason)}</p>
              ),
            )}
        </>
      )}
      <p className="estimate__disclaimer">{t('disclaimer')}</p>
    </section>
  );
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A reason's values as shown: dollars, a state's name, a percent, a period ("2 years"); `count` for plurals by days. */
function valuesOf(reason: ShownReason, t: Translate): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, { kind, value }] of Object.entries(reason.values)) {
    if (kind === 'money') values[name] = formatMoney(Number(value));
    else if (kind === 'state') values[name] = t(`states.${String(value)}`);
    else if (kind === 'percent') values[name] = `${String(value)}%`;
    else if (kind === 'period') values[name] = periodText(value, t);
    else values[name] = value;
  }
  if (typeof reason.values.days?.value === 'number') values.count = reason.values.days.value;
  return values;
}

function periodText(period: unknown, t: Translate): string {
  const unit = (['years', 'months', 'days'] as const).find((u) => typeof (period as Record<string, unknown>)?.[u] === 'number');
  return unit ? t(`units.${unit}`, { count: (period as Record<string, number>)[unit] }) : '';
}
