// Whether a CSS media query matches, following changes; without matchMedia (jsdom, old browsers) it never matches.
import { useCallback, useSyncExternalStore } from 'react';

/** Phones get touch-first controls (the date wheel) below this width. */
const PHONE_QUERY = '(max-width: 640px)';

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supported()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => supported() && window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
