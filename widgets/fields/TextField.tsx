// A labelled text input with a valid check mark and an error message announced in a live region.
import { useId, type InputHTMLAttributes } from 'react';
import { CheckMark } from '../shared/CheckMark.tsx';
import { useKeptInputs } from '../shared/use-kept-inputs.ts';
import { describedBy, FieldMessage } from './FieldMessage.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'className' | 'id'> {
  label: string;
  value: string;
  valid: boolean;
  /** Accessible name of the check mark, e.g. "Full name is valid". */
  validLabel: string;
  error: string | null;
  /** id of an element that further describes the input (a hint or note). */
  hintId?: string;
  /** Extra class for the input, e.g. the one-time code look. */
  inputClassName?: string;
}

export function TextField({ label, value, valid, validLabel, error, hintId, inputClassName, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const kept = useKeptInputs<HTMLDivElement>();
  return (
    <div className="field" ref={kept}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          {...input}
          id={id}
          className={inputClassName ? `field__input ${inputClassName}` : 'field__input'}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errorId, error, hintId)}
        />
        {valid && !error && <CheckMark label={validLabel} />}
      </div>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
