// Suggestions for what a person types in a city field: debounced, and a newer text aborts the request of an older one.
import { useEffect, useState } from 'react';
import { GeoError, useGeo, type PlaceSuggestion } from '../shared/geo.ts';

/** Wait this long after the last keystroke before asking the place service. */
const SUGGEST_DEBOUNCE_MS = 200;
/** Shorter texts match too much to be useful. */
const SUGGEST_MIN_CHARS = 2;

type CitySearch =
  | { status: 'idle'; suggestions: PlaceSuggestion[] }
  /** Waiting for the answer to the latest text; the previous suggestions stay shown meanwhile. */
  | { status: 'pending'; suggestions: PlaceSuggestion[] }
  | { status: 'done'; suggestions: PlaceSuggestion[] }
  /** The service failed with this status (shown as GEOCODER_FAILED). */
  | { status: 'failed'; suggestions: PlaceSuggestion[]; failure: string };

interface Answer {
  text: string;
  suggestions: PlaceSuggestion[];
  failure?: string;
}

const NONE: PlaceSuggestion[] = [];

/** Searches for `query` (the typed text; '' when the person is not searching). */
export function useCitySearch(query: string): CitySearch {
  const geo = useGeo();
  const text = query.trim();
  const [answer, setAnswer] = useState<Answer>({ text: '', suggestions: NONE });

  useEffect(() => {
    if (text.length < SUGGEST_MIN_CHARS) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      geo.suggest(text, controller.signal).then(
        (suggestions) => {
          if (!controller.signal.aborted) setAnswer({ text, suggestions });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ text, suggestions: NONE, failure: error instanceof GeoError ? error.status : 'UNKNOWN_ERROR' });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [geo, text]);

  if (text.length < SUGGEST_MIN_CHARS) return { status: 'idle', suggestions: NONE };
  if (answer.text !== text) return { status: 'pending', suggestions: answer.text ? answer.suggestions : NONE };
  if (answer.failure !== undefined) return { status: 'failed', suggestions: NONE, failure: answer.failure };
  return { status: 'done', suggestions: answer.suggestions };
}
