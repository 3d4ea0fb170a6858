// Above the accident map: a place search (a city or ZIP code from the place service, a street address too where it
// has them) and "Use my location" (the browser's), either of which moves the map there, close enough to drop the pin
// with the next tap. Neither is an answer: the pin is.
import { useEffect, useRef, useState } from 'react';
import { ComboField } from '../fields/ComboField.tsx';
import { searchMessage, useCitySearch } from '../fields/use-city-search.ts';
import { useCombobox } from '../fields/use-combobox.ts';
import { GeoError, useGeo, type Place, type PlaceSuggestion, type Point } from '../shared/geo.ts';
import { useCopy } from '../shared/use-copy.ts';
import { LocationIcon } from './locate-icons.tsx';

/** The place service takes at most this many characters of search text. */
const MAX_CHARS = 100;

/** Asking the browser: how it went (its refusal, no fix in time, or no geolocation at all). */
type Locating = 'idle' | 'locating' | 'denied' | 'unavailable' | 'unsupported';

const LOCATING_MESSAGES: Partial<Record<Locating, string>> = {
  denied: 'locate:map.locate.denied',
  unavailable: 'locate:map.locate.unavailable',
  unsupported: 'locate:map.locate.unsupported',
};

interface MapSearchProps {
  /** A place was chosen from the suggestions (with the label the list showed). */
  onPlace: (place: Place, label: string) => void;
  /** The browser told where it is. */
  onLocation: (point: Point) => void;
  disabled: boolean;
}

export function MapSearch({ onPlace, onLocation, disabled }: MapSearchProps) {
  const geo = useGeo();
  const { t } = useCopy('locate');
  const scope = geo.findsAddresses ? 'addresses' : 'places';
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [locating, setLocating] = useState<Locating>('idle');
  // Each choice or request takes a ticket; newer typing, a newer choice or leaving the form voids the older ones.
  const ticket = useRef(0);
  const search = useCitySearch(query, scope);
  const { suggestions } = search;

  useEffect(
    () => () => {
      ticket.current += 1;
    },
    [],
  );

  const choose = async (suggestion: PlaceSuggestion) => {
    const mine = ++ticket.current;
    setText(suggestion.label);
    setQuery('');
    setLocating('idle');
    try {
      const place = await geo.resolve(suggestion);
      if (mine === ticket.current) onPlace(place, suggestion.label);
    } catch (error) {
      if (mine === ticket.current) setFailure(error instanceof GeoError ? error.status : 'UNKNOWN_ERROR');
    }
  };
  const combo = useCombobox(suggestions, (suggestion) => void choose(suggestion));

  const status = searchMessage(t, failure, combo.open, search);

  const type = (next: string) => {
    ticket.current += 1;
    setText(next);
    setQuery(next);
    setFailure(null);
    combo.show();
  };

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setLocating('unsupported');
      return;
    }
    const mine = ++ticket.current;
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (mine !== ticket.current) return;
        setLocating('idle');
        onLocation({ lat: coords.latitude, lng: coords.longitude });
      },
      (error) => {
        if (mine === ticket.current) setLocating(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };
  const problem = LOCATING_MESSAGES[locating];

  return (
    <div className="map-search">
      <ComboField
        combo={combo}
        label={t(scope === 'addresses' ? 'locate:map.search.labelAddress' : 'locate:map.search.label')}
        help={t('locate:map.search.help')}
        className="map-search__field"
        text={text}
        onType={type}
        onLeave={() => undefined}
        status={status}
        error={null}
        disabled={disabled}
        input={{ maxLength: MAX_CHARS, autoCapitalize: 'words', enterKeyHint: 'search' }}
      />
      <button type="button" className="btn btn-secondary map-search__locate" onClick={locateMe} disabled={disabled || locating === 'locating'}>
        <LocationIcon />
        {t(locating === 'locating' ? 'locate:map.locate.locating' : 'locate:map.locate.button')}
      </button>
      {problem && (
        // Put in with its text, so it is said at once.
        <div className="locate-alert locate-alert--info map-search__alert" role="alert">
          {t(problem)}
        </div>
      )}
    </div>
  );
}
