// Preferred call time: one radio per slot, and when calls happen.
import { useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import './call-time.css';

export type CallTimeSlot = { value: string; label: string };

export type CallTimeProps = {
  field: string;
  slots: CallTimeSlot[];
};

export function CallTime({ props, answers, send, busy, ns }: WidgetProps<CallTimeProps>) {
  const { t } = useCopy(ns);
  const name = useId();
  const hoursId = useId();
  const [value, setValue] = useAnswer<string>({ answers, send }, props.field);

  return (
    <div className="widget call-time">
      <fieldset className="call-time__fieldset" disabled={busy} aria-describedby={hoursId}>
        <legend className="call-time__legend">{t('common:callTime.legend')}</legend>
        <div className="call-time__slots">
          {props.slots.map((slot) => (
            <label key={slot.value} className="choice call-time__slot">
              <input
                type="radio"
                className="choice__input"
                name={name}
                value={slot.value}
                checked={value === slot.value}
                onChange={() => setValue(slot.value)}
              />
              <span className="choice__box" />
              <span>{t(slot.label)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p id={hoursId} className="muted">
        {t('common:callTime.hours')}
      </p>
    </div>
  );
}
