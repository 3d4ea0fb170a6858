// Contact sub-step 1: full name, email and cell phone, each with a check mark when valid, and the notice of what its
// button (Send code) agrees to, right above it: the consent the code step records is exactly this text.
import { useId, type InputHTMLAttributes } from 'react';
import { isValid, type ValidatorName } from '../../engine/validators.ts';
import { STEP_ERROR_ID, type WidgetProps } from '../types.ts';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy, type Translate } from '../shared/use-copy.ts';
import { TextField } from '../fields/TextField.tsx';
import { useFieldError } from '../fields/use-field-error.ts';
import { LegalNotice } from '../consent/LegalNotice.tsx';
import type { ContactProps } from './Contact.tsx';
import { useStepFailed } from './use-step-failed.ts';

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

export function ContactDetails({ props, answers, send, busy, ns }: WidgetProps<ContactProps>) {
  const { t } = useCopy(ns);
  const noteId = useId();
  // The send (Next) was refused: its message, in the page's alert, is about the phone, which shows no valid mark beside it.
  const sendFailed = useStepFailed(busy, answers);
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
          hintId={spec.name === 'phone' && props.notice ? noteId : undefined}
          refused={spec.name === 'phone' && sendFailed}
        />
      ))}
      {props.notice && <LegalNotice id={noteId} notice={props.notice} ns={ns} send={send} />}
    </div>
  );
}

interface ContactFieldProps extends Pick<WidgetProps, 'answers' | 'send' | 'busy'> {
  spec: FieldSpec;
  t: Translate;
  hintId?: string;
  /** The step's error (the page's alert) is about this field: no valid mark, and the field names that error. */
  refused?: boolean;
}

function ContactField({ spec, answers, send, busy, t, hintId, refused = false }: ContactFieldProps) {
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
      valid={check(value) && !refused}
      validLabel={t('common:contact.valid', { field: label })}
      error={errors.blurredInvalid ? t(spec.error) : null}
      hintId={refused ? [hintId, STEP_ERROR_ID].filter(Boolean).join(' ') : hintId}
      readOnly={busy}
      onChange={(event) => {
        setAnswer(event.target.value);
        errors.onEdit(event.target.value);
      }}
      onBlur={() => errors.onBlur(value)}
    />
  );
}
