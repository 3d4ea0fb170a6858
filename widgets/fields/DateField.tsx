// A date field (YYYY-MM-DD, never after max): the native date input on desktop, a touch date wheel in a sheet on phones.
import { useEffect, useId, useState } from 'react';
import { ChevronIcon } from '../shared/icons.tsx';
import { whenIdle } from '../shared/schedule.ts';
import { useCopy } from '../shared/use-copy.ts';
import { DEFAULT_MIN_DATE, displayDate } from './date-parts.ts';
import { describedBy, FieldMessage } from './FieldMessage.tsx';
import { useIsPhone } from './use-media-query.ts';
import { WheelSheet } from './WheelSheet.tsx';
import './date-field.css';

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, or '' when no date is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  /** The latest date offered, YYYY-MM-DD (today for an accident date). */
  max: string;
  /** The earliest date offered, YYYY-MM-DD; 1900-01-01 by default. */
  min?: string;
  disabled?: boolean;
}

interface ModeProps extends DateFieldProps {
  id: string;
  errorId: string;
  min: string;
}

export function DateField({ min = DEFAULT_MIN_DATE, ...props }: DateFieldProps) {
  const phone = useIsPhone();
  const id = useId();
  const errorId = `${id}-error`;
  const mode = { ...props, min, id, errorId };
  return (
    <div className="field date-field">
      {phone ? <PhoneDate {...mode} /> : <NativeDate {...mode} />}
      <FieldMessage id={errorId} error={props.error} />
    </div>
  );
}

function NativeDate({ id, errorId, label, value, onChange, onBlur, error, max, min, disabled }: ModeProps) {
  return (
    <>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          type="date"
          className="field__input date-field__input"
          value={value}
          min={min}
          max={max}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errorId, error)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </div>
    </>
  );
}

function PhoneDate({ id, errorId, label, value, onChange, onBlur, error, max, min, disabled }: ModeProps) {
  const { t, lng } = useCopy('fields');
  const [open, setOpen] = useState(false);
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const shown = displayDate(value, lng);

  // The wheel's chunk is fetched once a phone shows the field and the browser is idle, so opening the sheet is instant
  // and the tap that shows the field does not wait for it.
  useEffect(() => whenIdle(() => void import('./DateWheel.tsx')).cancel, []);

  return (
    <>
      <label id={labelId} className="field__label" htmlFor={id}>
        {label}
      </label>
      <button
        id={id}
        type="button"
        className={error ? 'field__input date-field__button is-invalid' : 'field__input date-field__button'}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-haspopup="dialog"
        aria-describedby={describedBy(errorId, error)}
        disabled={disabled}
        onClick={() => setOpen(true)}
        // Moving into the sheet is not leaving the field; leaving the button afterwards is.
        onBlur={() => {
          if (!open) onBlur?.();
        }}
      >
        <span id={valueId} className={shown ? undefined : 'date-field__placeholder'}>
          {shown ?? t('fields:date.choose')}
        </span>
        <ChevronIcon />
      </button>
      {open && (
        <WheelSheet
          title={label}
          value={value}
          min={min}
          max={max}
          onCancel={() => setOpen(false)}
          onConfirm={(date) => {
            setOpen(false);
            onChange(date);
          }}
        />
      )}
    </>
  );
}
