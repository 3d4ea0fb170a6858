// A city search (ARIA 1.2 combobox): type, get US places from the place service, choose one with keys, click or tap.
import { useEffect, useRef, useState } from 'react';
import { GeoError, useGeo, type Place, type PlaceSuggestion } from '../shared/geo.ts';
import { useCopy } from '../shared/use-copy.ts';
import { ComboField } from './ComboField.tsx';
import { searchMessage, useCitySearch } from './use-city-search.ts';
import { useCombobox } from './use-combobox.ts';

/** The place service takes at most this many characters of search text. */
const MAX_CHARS = 100;

interface CityFieldProps {
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
  const [text, setText] = useState(value?.address ?? '');
  const [query, setQuery] = useState('');
  const [resolveFailure, setResolveFailure] = useState<string | null>(null);
  // Each choice takes a ticket; newer typing, a newer choice or leaving the page voids the older ones.
  const resolving = useRef(0);
  const search = useCitySearch(query);
  const { suggestions } = search;

  useEffect(
    () => () => {
      resolving.current += 1;
    },
    [],
  );

  // A place set from outside (a restored answer, a map pin) shows its address; cleared from outside, the text goes too.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value) setText(value.address);
    else if (seen && text === seen.address) setText('');
  }

  const choose = async (suggestion: PlaceSuggestion) => {
    const ticket = ++resolving.current;
    setText(suggestion.label);
    setQuery('');
    try {
      const place = await geo.resolve(suggestion);
      if (ticket !== resolving.current) return;
      setText(place.address);
      onChange(place);
    } catch (failure) {
      if (ticket === resolving.current) setResolveFailure(failure instanceof GeoError ? failure.status : 'UNKNOWN_ERROR');
    }
  };
  const combo = useCombobox(suggestions, (suggestion) => void choose(suggestion));

  const message = searchMessage(t, resolveFailure, combo.open, search);

  const type = (next: string) => {
    resolving.current += 1;
    setText(next);
    setQuery(next);
    combo.show();
    setResolveFailure(null);
    if (value) onChange(null);
  };

  return (
    <ComboField
      combo={combo}
      label={label}
      help={t('fields:city.help')}
      className="city-field"
      text={text}
      onType={type}
      onLeave={() => onBlur?.(text)}
      status={message}
      error={error}
      disabled={disabled}
      input={{ maxLength: MAX_CHARS, autoCapitalize: 'words' }}
    />
  );
}
