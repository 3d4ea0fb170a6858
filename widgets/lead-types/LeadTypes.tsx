// "Get help in your recovery process" (§2.9): services to be called about, with AM/PM, or "not interested".
import type { WidgetProps } from '../types.ts';
import { CheckIcon } from '../shared/icons.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import { asLeadTypes, isNotInterested, setNotInterested, type LeadTypesValue } from './lead-types-value.ts';
import { ServiceRow } from './ServiceRow.tsx';
import './lead-types.css';

export type LeadTypesProps = {
  field: string;
  /** Service keys in display order; each has copy under common:leadTypes.services.<key>. */
  services: string[];
};

export function LeadTypes({ props, answers, send, busy, ns }: WidgetProps<LeadTypesProps>) {
  const { t } = useCopy(ns);
  const [answer, setAnswer] = useAnswer<LeadTypesValue>({ answers, send }, props.field);
  const value = asLeadTypes(answer);

  return (
    <div className="widget lead-types">
      <p>{t('common:leadTypes.intro')}</p>
      <fieldset className="lead-types__fieldset" disabled={busy}>
        <legend className="visually-hidden">{t('common:leadTypes.legend')}</legend>
        <ul className="lead-types__list card">
          {props.services.map((service) => (
            <ServiceRow key={service} service={service} value={value} onChange={setAnswer} t={t} />
          ))}
        </ul>
        <label className="choice lead-types__none card">
          <input
            type="checkbox"
            className="choice__input"
            checked={isNotInterested(value)}
            onChange={(event) => setAnswer(setNotInterested(event.target.checked))}
          />
          <span className="choice__box">
            <CheckIcon />
          </span>
          <span>{t('common:leadTypes.notInterested')}</span>
        </label>
      </fieldset>
      <p className="muted">{t('common:leadTypes.hours')}</p>
    </div>
  );
}
