// Contact sub-step 1: full name, email and cell phone, each with a check mark when valid.
import { useId, type InputHTMLAttributes } from 'react';
import { isValid, type ValidatorName } from '../../engine/validators.ts';
import type { WidgetProps } from '../types.ts';
import { PhoneIcon } from '../shared/icons.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy, type Translate } from '../shared/use-copy.ts';
import { TextField } from '../fields/TextField.tsx';
import { useFieldError } from '../fields/use-field-error.ts';

interface FieldSpec {
  name: 'name' | 'email' | 'phone';
  rule: ValidatorName;
  label: string;
  error: string;
  input: InputHTMLAttributes<HTMLInputElement>;
}

const FIELDS: FieldSpec[] = [
  {
    name: 'name',
    rule: 'fullName',
    label: 'common:contact.name',
    error: 'errors:PLEASE_ENTER_FULL_VALID_NAME',
    input: { type: 'text', autoComplete: 'name', autoCapitalize: 'words', inputMode: 'text' },
  },
  {
    name: 'email',
    rule: 'email',
    label: 'common:contact.email',
    error: 'errors:PLEASE_ENTER_VALID_EMAIL',
    input: { type: 'email', autoComplete: 'email', autoCapitalize: 'none', inputMode: 'email', spellCheck: false },
  },
  {
    name: 'phone',
    rule: 'phone',
    label: 'common:contact.phone',
    error: 'errors:PLEASE_ENTER_VALID_PHONE',
    input: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  },
];

export function ContactDetails({ answers, send, busy, ns }: WidgetProps) {
  const { t } = useCopy(ns);
  const noteId = useId();
  return (
    <div className="widget contact" aria-busy={busy || undefined}>
      {FIELDS.map((spec) => (
        <ContactField
          key={spec.name}
          spec={spec}
          answers={answers}
          send={send}
          busy={busy}
          t={t}
          hintId={spec.name === 'phone' ? noteId : undefined}
        />
      ))}
      <p id={noteId} className="contact__note muted">
        <PhoneIcon />
        <span>{t('common:contact.smsNote')}</span>
      </p>
    </div>
  );
}

interface ContactFieldProps extends Pick<WidgetProps, 'answers' | 'send' | 'busy'> {
  spec: FieldSpec;
  t: Translate;
  hintId?: string;
}

function ContactField({ spec, answers, send, busy, t, hintId }: ContactFieldProps) {
  const [answer, setAnswer] = useAnswer<string>({ answers, send }, spec.name);
  const value = typeof answer === 'string' ? answer : '';
  const check = (v: string) => isValid(spec.rule, v, new Date());
  const errors = useFieldError(check);
  const label = t(spec.label);

  return (
    <TextField
      {...spec.input}
      name={spec.name}
      label={label}
      value={value}
      valid={check(value)}
      validLabel={t('common:contact.valid', { field: label })}
      error={errors.blurredInvalid ? t(spec.error) : null}
      hintId={hintId}
      readOnly={busy}
      onChange={(event) => {
        setAnswer(event.target.value);
        errors.onEdit(event.target.value);
      }}
      onBlur={() => errors.onBlur(value)}
    />
  );
}
