// A city search (ARIA 1.2 combobox): type, get US places from the place service, choose one with keys, click or tap.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { GeoError, useGeo, type Place, type PlaceSuggestion } from '../shared/geo.ts';
import { useCopy } from '../shared/use-copy.ts';
import { describedBy, FieldMessage } from './FieldMessage.tsx';
import { useCitySearch } from './use-city-search.ts';
import './fields.css';

export interface CityFieldProps {
  label: string;
  /** The chosen place, or null while none is chosen. */
  value: Place | null;
  /** A place when one is chosen; null when the person types again after choosing. */
  onChange: (place: Place | null) => void;
  /** Called when the field is left, with the text in it (text but no place: "choose from the list"). */
  onBlur?: (typed: string) => void;
  error?: string | null;
  disabled?: boolean;
}

export function CityField({ label, value, onChange, onBlur, error, disabled }: CityFieldProps) {
  const geo = useGeo();
  const { t } = useCopy('fields');
  const id = useId();
  const ids = { help: `${id}-help`, list: `${id}-list`, status: `${id}-status`, error: `${id}-error` };
  const [text, setText] = useState(value?.address ?? '');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [resolveFailure, setResolveFailure] = useState<string | null>(null);
  const resolving = useRef(0);
  const search = useCitySearch(query);
  const { suggestions } = search;

  // A place set from outside (a restored answer, a map pin) shows its address; cleared from outside, the text goes too.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value) setText(value.address);
    else if (seen && text === seen.address) setText('');
  }
  // New suggestions start with none active.
  const [seenList, setSeenList] = useState(suggestions);
  if (suggestions !== seenList) {
    setSeenList(suggestions);
    setActive(-1);
  }

  const listShown = open && suggestions.length > 0;
  const message =
    resolveFailure !== null
      ? t('errors:GEOCODER_FAILED', { status: resolveFailure })
      : !open
        ? null
        : search.status === 'failed'
          ? t('errors:GEOCODER_FAILED', { status: search.failure })
          : search.status === 'done' && suggestions.length === 0
            ? t('errors:NO_RESULTS_FOUND')
            : null;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${ids.list}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, ids.list]);

  const type = (next: string) => {
    resolving.current += 1;
    setText(next);
    setQuery(next);
    setOpen(true);
    setResolveFailure(null);
    if (value) onChange(null);
  };

  const choose = async (suggestion: PlaceSuggestion) => {
    const ticket = ++resolving.current;
    setText(suggestion.label);
    setQuery('');
    setOpen(false);
    try {
      const place = await geo.resolve(suggestion);
      if (ticket !== resolving.current) return;
      setText(place.address);
      onChange(place);
    } catch (failure) {
      if (ticket === resolving.current) setResolveFailure(failure instanceof GeoError ? failure.status : 'UNKNOWN_ERROR');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!listShown) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
      } else setActive((a) => (down ? (a + 1) % count : a <= 0 ? count - 1 : a - 1));
    } else if (event.key === 'Enter') {
      const suggestion = listShown ? suggestions[active] : undefined;
      if (suggestion) {
        event.preventDefault();
        void choose(suggestion);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="field city-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p id={ids.help} className="field__help">
        {t('fields:city.help')}
      </p>
      <div className="field__control city-field__control">
        <input
          id={id}
          type="text"
          role="combobox"
          className="field__input"
          value={text}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={ids.list}
          aria-activedescendant={listShown && active >= 0 ? `${ids.list}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids.error, error, ids.help, message && ids.status)}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            onBlur?.(text);
          }}
        />
        <ul id={ids.list} role="listbox" aria-label={label} className="city-field__list" hidden={!listShown}>
          {suggestions.map((suggestion, index) => (
            // Options are reached from the input (aria-activedescendant), so the keyboard needs no handler here.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={suggestion.id}
              id={`${ids.list}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'city-field__option is-active' : 'city-field__option'}
              // Keeping focus in the input lets the click choose before the input's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void choose(suggestion)}
            >
              {suggestion.label}
            </li>
          ))}
        </ul>
        <div id={ids.status} role="status" className="city-field__status">
          {message}
        </div>
      </div>
      <FieldMessage id={ids.error} error={error} />
    </div>
  );
}
