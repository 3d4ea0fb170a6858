// The vehicle make: a searchable list (ARIA 1.2 combobox) over the maker list; only a name from the list is an answer,
// kept as the list writes it ("JEEP") and shown as its maker does ("Jeep", engine/vehicle-make.ts).
import { useCallback, useMemo, useState } from 'react';
import { makeLabel } from '../../engine/vehicle-make.ts';
import { ComboField } from '../fields/ComboField.tsx';
import { useCombobox } from '../fields/use-combobox.ts';
import { useCopy } from '../shared/use-copy.ts';
import { exactMake, filterMakes } from './makes.ts';

interface MakeFieldProps {
  label: string;
  /** The chosen make, or '' while none is chosen. */
  value: string;
  /** The list, or null while it loads. */
  makes: string[] | null;
  onChange: (make: string) => void;
  /** Called when the field is left, with the text in it (text but no make: "choose from the list"). */
  onBlur: (typed: string) => void;
  error: string | null;
  disabled?: boolean;
}

export function MakeField({ label, value, makes, onChange, onBlur, error, disabled }: MakeFieldProps) {
  const { t } = useCopy('locate');
  const shown = useCallback((make: string) => makeLabel(make, t), [t]);
  const [text, setText] = useState(() => shown(value));
  const options = useMemo(
    () => (makes ? filterMakes(makes, text === shown(value) ? '' : text).map((make) => ({ id: make, label: shown(make) })) : []),
    [makes, text, value, shown],
  );
  const combo = useCombobox(options, ({ id: make }) => {
    setText(shown(make));
    if (make !== value) onChange(make);
  });

  // A make set or cleared from outside (a restored answer, Back) shows in the input.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value || text === shown(seen)) setText(shown(value));
  }

  const status = !combo.open ? null : makes === null ? t('locate:make.loading') : options.length === 0 ? t('locate:make.noMatch') : null;

  const type = (next: string) => {
    setText(next);
    combo.show();
    // Typing a whole name counts as choosing it; anything else is not a make yet.
    const exact = exactMake(makes, next) ?? '';
    if (exact !== value) onChange(exact);
  };

  return (
    <ComboField
      combo={combo}
      label={label}
      help={t('locate:make.help')}
      className="make-field"
      text={text}
      onType={type}
      onLeave={() => onBlur(text)}
      status={status}
      error={error}
      disabled={disabled}
      input={{ autoCapitalize: 'words', onClick: combo.show }}
    />
  );
}
