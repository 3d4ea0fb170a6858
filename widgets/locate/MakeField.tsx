// The vehicle make: a searchable list (ARIA 1.2 combobox) over the maker list; only a name from the list is an answer.
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { describedBy, FieldMessage } from '../fields/FieldMessage.tsx';
import { useCopy } from '../shared/use-copy.ts';
import { exactMake, filterMakes } from './makes.ts';

interface MakeFieldProps {
  label: string;
  /** The chosen make, or '' while none is chosen. */
  value: string;
  /** The list, or null while it loads. */
  makes: string[] | null;
  onChange: (make: string) => void;
  onBlur: () => void;
  error: string | null;
  disabled?: boolean;
}

export function MakeField({ label, value, makes, onChange, onBlur, error, disabled }: MakeFieldProps) {
  const { t } = useCopy('locate');
  const id = useId();
  const ids = { help: `${id}-help`, list: `${id}-list`, status: `${id}-status`, error: `${id}-error` };
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useMemo(() => (makes ? filterMakes(makes, text === value ? '' : text) : []), [makes, text, value]);

  // A make set or cleared from outside (a restored answer, Back) shows in the input.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value || text === seen) setText(value);
  }

  const listShown = open && options.length > 0;
  const status = !open ? null : makes === null ? t('locate:make.loading') : options.length === 0 ? t('locate:make.noMatch') : null;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${ids.list}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, ids.list]);

  const type = (next: string) => {
    setText(next);
    setOpen(true);
    setActive(-1);
    // Typing a whole name counts as choosing it; anything else is not a make yet.
    const exact = exactMake(makes, next) ?? '';
    if (exact !== value) onChange(exact);
  };

  const choose = (make: string) => {
    setText(make);
    setOpen(false);
    setActive(-1);
    if (make !== value) onChange(make);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!listShown) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
      } else setActive((a) => (down ? (a + 1) % count : a <= 0 ? count - 1 : a - 1));
    } else if (event.key === 'Enter') {
      const make = listShown ? options[active] : undefined;
      if (make) {
        event.preventDefault();
        choose(make);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="field make-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p id={ids.help} className="field__help">
        {t('locate:make.help')}
      </p>
      <div className="field__control make-field__control">
        <input
          id={id}
          type="text"
          role="combobox"
          className="field__input"
          value={text}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={ids.list}
          aria-activedescendant={listShown && active >= 0 ? `${ids.list}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids.error, error, ids.help, status && ids.status)}
          onChange={(event) => type(event.target.value)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            onBlur();
          }}
        />
        <ul id={ids.list} role="listbox" aria-label={label} className="make-field__list" hidden={!listShown}>
          {listShown &&
            options.map((make, index) => (
              // Options are reached from the input (aria-activedescendant), so the keyboard needs no handler here.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={make}
                id={`${ids.list}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'make-field__option is-active' : 'make-field__option'}
                // Keeping focus in the input lets the click choose before the input's blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(make)}
              >
                {make}
              </li>
            ))}
        </ul>
        <div id={ids.status} role="status" className={status ? 'make-field__status is-shown' : 'make-field__status'}>
          {status}
        </div>
      </div>
      <FieldMessage id={ids.error} error={error} />
    </div>
  );
}
