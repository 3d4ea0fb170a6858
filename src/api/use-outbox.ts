// The outbox's state for React: how many submissions wait and the last failure.
import { useSyncExternalStore } from 'react';
import { EMPTY_OUTBOX, outboxState, subscribe } from './outbox.ts';

// The server snapshot is what a page hydrates with (main.tsx): nothing waiting, as the build rendered it.
export const useOutbox = () => useSyncExternalStore(subscribe, outboxState, () => EMPTY_OUTBOX);
