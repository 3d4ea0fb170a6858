// Suggestions for what a person types in a city field: debounced, and a newer text aborts the request of an older one.
import { useEffect, useState } from 'react';
import { GeoError, useGeo, type PlaceSuggestion, type SuggestScope } from '../shared/geo.ts';

/** Wait this long after the last keystroke before asking the place service. */
const SUGGEST_DEBOUNCE_MS = 200;
/** Shorter texts match too much to be useful. */
const SUGGEST_MIN_CHARS = 2;

export type CitySearch =
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

/** Searches for `query` (the typed text; '' when the person is not searching), for places or, with `addresses`, addresses too. */
export function useCitySearch(query: string, scope: SuggestScope = 'places'): CitySearch {
  const geo = useGeo();
  const text = query.trim();
  const [answer, setAnswer] = useState<Answer>({ text: '', suggestions: NONE });

  useEffect(() => {
    if (text.length < SUGGEST_MIN_CHARS) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      geo.suggest(text, controller.signal, scope).then(
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
  }, [geo, text, scope]);

  if (text.length < SUGGEST_MIN_CHARS) return { status: 'idle', suggestions: NONE };
  if (answer.text !== text) return { status: 'pending', suggestions: answer.text ? answer.suggestions : NONE };
  if (answer.failure !== undefined) return { status: 'failed', suggestions: NONE, failure: answer.failure };
  return { status: 'done', suggestions: answer.suggestions };
}

/**
 * What a place search's box says: why the chosen place could not be read (resolveFailure, a GeoError status), else,
 * while its list is open, that the service failed or found nothing; null when all is well.
 */
export function searchMessage(
  t: (key: string, values?: Record<string, unknown>) => string,
  resolveFailure: string | null,
  open: boolean,
  search: CitySearch,
): string | null {
  if (resolveFailure !== null) return t('errors:GEOCODER_FAILED', { status: resolveFailure });
  if (!open) return null;
  if (search.status === 'failed') return t('errors:GEOCODER_FAILED', { status: search.failure });
  return search.status === 'done' && search.suggestions.length === 0 ? t('errors:NO_RESULTS_FOUND') : null;
}
