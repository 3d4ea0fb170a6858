// The VIN input: capitals and digits only, at most 17, a check mark once it has 17 allowed characters (§5) with the
// check-digit warning below it, and a paste that goes in at the cursor before the whole is cleaned.
import { useId, useLayoutEffect, useRef, type ClipboardEvent } from 'react';
import { TextField } from '../fields/TextField.tsx';
import { useCopy } from '../shared/use-copy.ts';
import { toVin, VIN_LENGTH, vinError, vinWarning } from './checks.ts';
import '../fields/fields.css';

interface VinFieldProps {
  value: string;
  onChange: (vin: string) => void;
  onBlur: () => void;
  error: string | null;
  busy: boolean;
}

export function VinField({ value, onChange, onBlur, error, busy }: VinFieldProps) {
  const { t } = useCopy('locate');
  const id = useId();
  const ids = { hint: `${id}-hint`, warning: `${id}-warning` };
  const warning = vinError(value) === null ? vinWarning(value) : null;
  // Where the cursor goes once a paste has been cleaned and shown: just after what was pasted.
  const caret = useRef<{ input: HTMLInputElement; at: number } | null>(null);

  useLayoutEffect(() => {
    caret.current?.input.setSelectionRange(caret.current.at, caret.current.at);
    caret.current = null;
  }, [value]);

  // maxLength would cut a pasted "1HG CM826 …" before its spaces are dropped, so a paste is cleaned here instead.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? start;
    const before = value.slice(0, start) + pasted;
    caret.current = { input, at: toVin(before).length };
    onChange(toVin(before + value.slice(end)));
  };

  return (
    <>
      <TextField
        name="vin"
        label={t('locate:vin.label')}
        value={value}
        valid={vinError(value) === null}
        validLabel={t('locate:vin.valid')}
        error={error}
        hintId={`${ids.hint} ${ids.warning}`}
        inputClassName="field__input--vin"
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={VIN_LENGTH}
        readOnly={busy}
        onChange={(event) => onChange(toVin(event.target.value))}
        onPaste={paste}
        onBlur={onBlur}
      />
      <p id={ids.hint} className="field__help locate-form__hint">
        {t('locate:vin.hint')}
      </p>
      <div id={ids.warning} aria-live="polite">
        {warning && <p className="locate-alert locate-alert--warning">{t(warning)}</p>}
      </div>
    </>
  );
}
