// One answer out of a few (e.g. the injury type) as a radio group of big, tappable options.
import { useId, type FocusEvent } from 'react';
import { useKeptInputs } from '../shared/use-kept-inputs.ts';
import { describedBy, FieldMessage } from './FieldMessage.tsx';
import './choice-field.css';

interface ChoiceOption {
  value: string;
  label: string;
}

interface ChoiceFieldProps {
  label: string;
  options: ChoiceOption[];
  /** The chosen option's value, or null. */
  value: string | null;
  onChange: (value: string) => void;
  /** Called when focus leaves the whole group (not when it moves between options). */
  onBlur?: () => void;
  error?: string | null;
  disabled?: boolean;
}

export function ChoiceField({ label, options, value, onChange, onBlur, error, disabled }: ChoiceFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const kept = useKeptInputs<HTMLDivElement>();
  const onGroupBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
  };
  return (
    <div className="field choice-field" ref={kept}>
      <p id={labelId} className="field__label">
        {label}
      </p>
      <div
        role="radiogroup"
        className="choice-field__options"
        aria-labelledby={labelId}
        aria-describedby={describedBy(errorId, error)}
        aria-invalid={error ? true : undefined}
        onBlur={onGroupBlur}
      >
        {options.map((option) => (
          <label key={option.value} className="choice choice-field__option">
            <input
              type="radio"
              className="choice__input"
              name={id}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <span className="choice__box" aria-hidden="true" />
            <span className="choice-field__text">{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
