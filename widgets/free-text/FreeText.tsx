// A free-text answer in the person's own words (e.g. "tell us what happened"), with a character count.
import { useId } from 'react';
import type { WidgetProps } from '../types.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import './free-text.css';

export type FreeTextProps = {
  /** Answer field holding the text. */
  field: string;
  /** Copy keys of the label and of an optional hint under it. */
  label: string;
  hint?: string;
  /** Longest text accepted (the API stores at most 5000 characters). */
  maxLength?: number;
};

const DEFAULT_MAX = 5000;

export function FreeText({ props, answers, send, busy, ns }: WidgetProps<FreeTextProps>) {
  const { t } = useCopy(ns);
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const [value, setValue] = useAnswer<string>({ answers, send }, props.field);
  const max = props.maxLength ?? DEFAULT_MAX;
  const text = value ?? '';

  return (
    <div className="widget free-text field">
      <label className="field__label" htmlFor={id}>
        {t(props.label)}
      </label>
      {props.hint && (
        <p id={hintId} className="free-text__hint">
          {t(props.hint)}
        </p>
      )}
      <textarea
        id={id}
        className="field__input free-text__input"
        rows={6}
        maxLength={max}
        value={text}
        disabled={busy}
        aria-describedby={[props.hint ? hintId : null, countId].filter(Boolean).join(' ')}
        onChange={(e) => setValue(e.target.value)}
      />
      <p id={countId} className="free-text__count">
        {t('common:freeText.count', { count: text.length, max })}
      </p>
    </div>
  );
}
