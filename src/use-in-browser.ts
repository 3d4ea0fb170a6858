// Whether a render is the browser's own: not on the server, nor while the app takes a drawn page over (hydration draws
// what the server drew), then so at once. For what only a browser can draw (the map) or know (its day).
import { useSyncExternalStore } from 'react';

/** A value read again at every render, with nothing to watch: its store never calls back. */
export const unwatched = () => () => {};

export const useInBrowser = (): boolean =>
  useSyncExternalStore(
    unwatched,
    () => true,
    () => false,
  );
