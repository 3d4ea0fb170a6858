// The events code, a chunk of its own loaded after a funnel's first step is shown: the funnel's step events, numbered
// in this tab's anonymous visit (a token the server signed, event-visit.ts) and sent with navigator.sendBeacon to POST /api/events, in small batches, at once for
// a completion, and when the page is hidden or closed (a beacon outlives its page).
import type { Flow } from '../../engine/types.ts';
import { API_BASE } from '../api/client.ts';
import { adAttribution } from './ad-attribution.ts';
import { eventVisit } from './event-visit.ts';
import { watchSteps, type Move, type StepEvent } from './watch-steps.ts';

const SEQ_KEY = 'claimflow:analytics-seq';
/** A batch goes once it has this many events, or this long after its first (each beacon costs the phone ~1 ms). */
const BATCH_SIZE = 20;
const BATCH_WAIT_MS = 30_000;
/**
 * Each funnel page of the tab numbers its events from a block of its own, reserved as it starts, so that sending
 * writes nothing to storage and the numbers of a tab's pages never meet, whatever ends them.
 */
const SEQ_BLOCK = 10_000;
/** The most events POST /api/events takes at once (schemas/api/events.request.schema.json). */
const MAX_EVENTS = 20;

export interface SentEvent extends StepEvent {
  seq: number;
  flow: string;
  version: number;
  variant: string;
}

/** The body of a batch: the visit, the landing's ad attribution, the events. */
const batchOf = (visit: string, events: SentEvent[]) => ({ visit, sentAt: Date.now(), ...adAttribution(), events });

export interface StepEvents {
  /** A move of the funnel's machine (FunnelPage's inspection of it). */
  move: (move: Move) => void;
  /** The funnel page is going away: its step is closed and what is left is sent. */
  stop: () => void;
}

/** Starts the step events of a funnel page; `variant` is the flow's A/B variant ('' when none). */
export function startStepEvents(flow: Flow, variant: string): StepEvents {
  /** The visit's token once the server has answered it: until then, batches due wait for it. */
  let visit: string | undefined;
  let seq = Number(sessionStorage.getItem(SEQ_KEY)) || 0;
  sessionStorage.setItem(SEQ_KEY, String(seq + SEQ_BLOCK));
  const queue: SentEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  let due = false;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (visit === undefined) {
      due = true;
      return;
    }
    while (queue.length > 0) {
      const events = queue.slice(0, MAX_EVENTS);
      const body = new Blob([JSON.stringify(batchOf(visit, events))], { type: 'application/json' });
      // The browser refuses a beacon when too much is already on its way (and has none without one): these wait.
      if (navigator.sendBeacon?.(`${API_BASE}/events`, body) !== true) break;
      queue.splice(0, events.length);
    }
  };
  void eventVisit().then((token) => {
    visit = token;
    if (due && visit !== undefined) flush();
  });
  const watcher = watchSteps(flow, (event) => {
    queue.push({ ...event, seq: seq++, flow: flow.id, version: flow.version, variant });
    if (event.kind === 'completed' || queue.length >= BATCH_SIZE) flush();
    else timer ??= setTimeout(flush, BATCH_WAIT_MS);
  });

  const hidden = () => document.visibilityState === 'hidden' && flush();
  const closed = () => {
    watcher.close(Date.now());
    flush();
  };
  const restored = (event: PageTransitionEvent) => event.persisted && watcher.reopen(Date.now());
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', closed);
  window.addEventListener('pageshow', restored);
  return {
    move: watcher.move,
    stop: () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', closed);
      window.removeEventListener('pageshow', restored);
      closed();
    },
  };
}
