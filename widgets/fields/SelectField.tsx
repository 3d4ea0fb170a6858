// A labelled native select: one choice out of a list too long for radio buttons (a state, a range of dollars).
import { useId } from 'react';

interface SelectFieldProps {
  label: string;
  /** The options, in the order shown; the empty value is the "none chosen" option. */
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function SelectField({ label, options, value, onChange, disabled }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input field__select" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
