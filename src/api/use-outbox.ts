// The outbox's state for React: how many submissions wait and the last failure; none in a page drawn on the server,
// and so while the browser hydrates it (then the outbox's own).
import { useSyncExternalStore } from 'react';
import { EMPTY_OUTBOX, outboxState, subscribe } from './outbox.ts';

export const useOutbox = () => useSyncExternalStore(subscribe, outboxState, () => EMPTY_OUTBOX);
