// A question answered in a field (a choice, a date, a city), its spec message (§5) shown once the person leaves it.
import { useState, type ReactNode } from 'react';
import { today, validators } from '../../engine/validators.ts';
import { ChoiceField } from '../fields/ChoiceField.tsx';
import { CityField } from '../fields/CityField.tsx';
import { DateField } from '../fields/DateField.tsx';
import { cityErrorKey, dateErrorKey } from '../fields/field-errors.ts';
import type { Place } from '../shared/geo.ts';
import { InfoButton, InfoPanel } from '../shared/InfoTip.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useDisclosure } from '../shared/use-disclosure.ts';
import type { QuestionProps } from './Questions.tsx';

interface FieldSpecBase {
  name: string;
  label: string;
  info?: string;
}

export type FieldQuestionSpec =
  /** One of `options` (labels are copy keys); `required` is the copy key shown when left without one. */
  | (FieldSpecBase & { kind: 'choice'; options: { value: string; label: string }[]; required?: string })
  /** An accident date, YYYY-MM-DD, not after today: DATE_IS_REQUIRED / DATE_IN_FUTURE. */
  | (FieldSpecBase & { kind: 'date' })
  /** A Place chosen from the suggestions, or null: CITY_IS_REQUIRED / "choose the city from the list". */
  | (FieldSpecBase & { kind: 'city' });

export function FieldQuestion({ field, answers, send, busy, t }: QuestionProps<FieldQuestionSpec>) {
  const [value, setValue] = useAnswer<unknown>({ answers, send }, field.name);
  // Messages wait until the person leaves the field, and step aside while they change it again.
  const [left, setLeft] = useState(false);
  const [typed, setTyped] = useState('');
  const info = useDisclosure();
  const label = t(field.label);
  const change = (next: unknown) => {
    setLeft(false);
    setValue(next);
  };
  const leave = () => setLeft(true);

  let control: ReactNode;
  if (field.kind === 'choice') {
    const chosen = typeof value === 'string' && field.options.some((o) => o.value === value) ? value : null;
    const error = left && chosen === null && field.required ? t(field.required) : null;
    const options = field.options.map((o) => ({ value: o.value, label: t(o.label) }));
    control = <ChoiceField label={label} options={options} value={chosen} onChange={change} onBlur={leave} error={error} disabled={busy} />;
  } else if (field.kind === 'date') {
    const date = typeof value === 'string' ? value : '';
    const error = left ? dateErrorKey(date) : null;
    control = <DateField label={label} value={date} max={today(new Date())} onChange={change} onBlur={leave} error={error && t(error)} disabled={busy} />;
  } else {
    const place = validators.place(value) ? (value as Place) : null;
    const error = left ? cityErrorKey(place, typed) : null;
    const leaveCity = (text: string) => {
      setTyped(text);
      leave();
    };
    control = <CityField label={label} value={place} onChange={change} onBlur={leaveCity} error={error && t(error)} disabled={busy} />;
  }

  return (
    <div className="question card">
      {control}
      {field.info && (
        <>
          <InfoButton disclosure={info} text={t('common:info.moreAbout', { topic: label })} />
          <InfoPanel disclosure={info}>{t(field.info)}</InfoPanel>
        </>
      )}
    </div>
  );
}
