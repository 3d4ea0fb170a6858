// One function for the page's whole life that always runs the latest code given: props built from it stay equal from
// draw to draw, so memoised widgets (widgets/lazy-widget.tsx) are not drawn again for a new closure.
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
