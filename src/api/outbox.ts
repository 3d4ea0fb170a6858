// Submissions that must not be lost: kept in localStorage with their Idempotency-Key until the API acknowledges them,
// retried with backoff, when the browser comes back online and on the next page load.
import { ApiError, callApi, type ApiRequest } from './client.ts';

const STORAGE_KEY = 'claimflow:outbox';
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

interface Entry {
  key: string;
  request: ApiRequest;
  attempts: number;
}

export interface OutboxState {
  /** Submissions waiting for the API. */
  pending: number;
  /** The last failure while some are waiting, or null. */
  failure: ApiError | null;
}

type Waiter = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

const waiters = new Map<string, Waiter[]>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const inFlight = new Set<string>();
const listeners = new Set<(state: OutboxState) => void>();
/** Nothing waiting: the state before the outbox starts, and the one a page drawn on the server shows (use-outbox.ts). */
export const EMPTY_OUTBOX: OutboxState = { pending: 0, failure: null };
let state = EMPTY_OUTBOX;

function load(): Entry[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as Entry[];
  } catch {
    return [];
  }
}

function save(entries: Entry[]) {
  if (entries.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  else localStorage.removeItem(STORAGE_KEY);
}

function update(entries: Entry[], failure: ApiError | null) {
  save(entries);
  state = { pending: entries.length, failure: entries.length ? failure : null };
  for (const listener of listeners) listener(state);
}

/** Transient failures are retried (409: the same submission is still being handled); any other refusal is final. */
const transient = (error: ApiError) => [0, 408, 409, 429].includes(error.status) || error.status >= 500;

function settle(key: string, outcome: { value: unknown } | { error: unknown }) {
  for (const waiter of waiters.get(key) ?? []) {
    if ('value' in outcome) waiter.resolve(outcome.value);
    else waiter.reject(outcome.error);
  }
  waiters.delete(key);
}

async function deliver(key: string) {
  const entry = load().find((e) => e.key === key);
  if (!entry || inFlight.has(key)) return;
  clearTimeout(timers.get(key));
  inFlight.add(key);
  try {
    const value = await callApi(entry.request, undefined, { 'idempotency-key': key });
    update(
      load().filter((e) => e.key !== key),
      state.failure,
    );
    settle(key, { value });
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError(0, 'network', String(caught));
    if (!transient(error)) {
      update(
        load().filter((e) => e.key !== key),
        state.failure,
      );
      settle(key, { error });
      return;
    }
    const entries = load().map((e) => (e.key === key ? { ...e, attempts: e.attempts + 1 } : e));
    update(entries, error);
    const delay = error.retryAfter ? error.retryAfter * 1000 : BACKOFF_MS[Math.min(entry.attempts, BACKOFF_MS.length - 1)];
    timers.set(
      key,
      setTimeout(() => void deliver(key), delay),
    );
  } finally {
    inFlight.delete(key);
  }
}

/** Sends a submission through the outbox; resolves with the API's answer once it is acknowledged. */
export function submit(request: ApiRequest, key: string): Promise<unknown> {
  const entries = load();
  if (!entries.some((e) => e.key === key)) update([...entries, { key, request, attempts: 0 }], state.failure);
  const done = new Promise((resolve, reject) => waiters.set(key, [...(waiters.get(key) ?? []), { resolve, reject }]));
  void deliver(key);
  return done;
}

/** Tries every waiting submission now (the Retry button, coming back online, a new page load). */
export function retryAll() {
  for (const entry of load()) void deliver(entry.key);
}

export function subscribe(listener: (state: OutboxState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const outboxState = () => state;

/** Starts the outbox for this page: what an earlier page left waiting is sent, and again whenever the browser is back online. */
export function startOutbox() {
  state = { pending: load().length, failure: null };
  window.addEventListener('online', retryAll);
  retryAll();
}

/** A stable key for one submission: the same visit, effect and body always give the same key. */
export function submissionKey(visit: string, effect: string, body: unknown): string {
  const text = JSON.stringify(body) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${visit}:${effect}:${hash.toString(16)}`;
}
