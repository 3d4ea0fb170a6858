// The outbox's state for React: how many submissions wait and the last failure.
import { useSyncExternalStore } from 'react';
import { outboxState, subscribe } from './outbox.ts';

export const useOutbox = () => useSyncExternalStore(subscribe, outboxState);
