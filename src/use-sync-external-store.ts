// React 19's own useSyncExternalStore, for the libraries that import the shim of it for React 17 (@xstate/react,
// wouter): vite.config.ts aliases the shim here, so its fallback is no dead weight on the first screen.
export { useSyncExternalStore } from 'react';
