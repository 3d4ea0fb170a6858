// A combobox field (city, vehicle make): label, help, the input with its listbox of options, a status line for
// loading, nothing found or a failure, and the field's error; the state and keys come from useCombobox.
import type { InputHTMLAttributes } from 'react';
import { useKeptInputs } from '../shared/use-kept-inputs.ts';
import { describedBy, FieldMessage } from './FieldMessage.tsx';
import type { ComboOption, Combobox } from './use-combobox.ts';
import './fields.css';

interface ComboFieldProps<T extends ComboOption> {
  combo: Combobox<T>;
  label: string;
  help: string;
  /** The field's own class, e.g. city-field. */
  className: string;
  text: string;
  onType: (text: string) => void;
  /** Called when the input is left (the list closes first). */
  onLeave: () => void;
  /** Said in the status line; null leaves it empty (it takes no room then). */
  status: string | null;
  error: string | null | undefined;
  disabled?: boolean;
  /** More attributes for the input (maxLength, autoCapitalize, onClick …). */
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'onBlur' | 'className'>;
}

export function ComboField<T extends ComboOption>(props: ComboFieldProps<T>) {
  const { combo, label, help, className, text, onType, onLeave, status, error, disabled, input } = props;
  const { id, list } = combo;
  const ids = { help: `${id}-help`, error: `${id}-error` };
  const kept = useKeptInputs<HTMLDivElement>();
  return (
    <div className={`field ${className}`} ref={kept}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p id={ids.help} className="field__help">
        {help}
      </p>
      <div className="field__control">
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          {...input}
          {...combo.input}
          id={id}
          className="field__input"
          value={text}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids.error, error, ids.help, status && list.statusId)}
          onChange={(event) => onType(event.target.value)}
          onBlur={() => {
            combo.close();
            onLeave();
          }}
        />
        <ul id={list.id} role="listbox" aria-label={label} className="combo-list" hidden={!list.shown}>
          {list.shown &&
            list.options.map((option, index) => (
              // Options are reached from the input (aria-activedescendant), so the keyboard needs no handler here.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={option.id}
                id={`${list.id}-${index}`}
                role="option"
                aria-selected={index === list.active}
                className={index === list.active ? 'combo-list__option is-active' : 'combo-list__option'}
                // Keeping focus in the input lets the click choose before the input's blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => list.choose(option)}
              >
                {option.label}
              </li>
            ))}
        </ul>
        <div id={list.statusId} role="status" className="combo-list__status">
          {status}
        </div>
      </div>
      <FieldMessage id={ids.error} error={error} />
    </div>
  );
}
