// Turns a funnel machine's moves into step events: a step shown, a step left (with the event that moved it on), the
// page closed on a step, the funnel completed (a lead the server acknowledged through the outbox). No answer is read.
import type { AnyMachineSnapshot } from 'xstate';
import { isBusy, stepOf } from '../../engine/machine.ts';
import type { Flow } from '../../engine/types.ts';

export interface StepEvent {
  kind: 'shown' | 'left' | 'closed' | 'completed';
  step?: string;
  /** The event that left the step: NEXT, BACK or another event of the flow. */
  by?: string;
  lang: string;
  /** ms since the epoch. */
  at: number;
}

/** A snapshot of the funnel's machine, the event that made it, and when. */
export interface Move {
  at: number;
  event: string;
  snapshot: AnyMachineSnapshot;
}

/** An invoked effect's answer is the machine's event xstate.done.actor.<effect>; a POST to the lead API's create route through the outbox completes the funnel. */
function completes(flow: Flow, event: string): boolean {
  const effect = /^xstate\.done\.actor\.(.+)$/.exec(event)?.[1];
  const spec = effect === undefined ? undefined : flow.effects[effect];
  return spec !== undefined && spec.outbox === true && spec.method === 'POST' && spec.path.startsWith('/leads/create');
}

/** The language a funnel shows (the machine's locale, kept in step with the page's by FunnelPage). */
function langOf(snapshot: AnyMachineSnapshot): string {
  const { locale } = snapshot.context as { locale?: unknown };
  return typeof locale === 'string' ? locale.slice(0, 2) : 'en';
}

export interface StepWatcher {
  move: (move: Move) => void;
  /** The page closed (or the funnel was left) on the step shown; nothing when it already was. */
  close: (at: number) => void;
  /** The page came back from the back/forward cache: its step is shown again. */
  reopen: (at: number) => void;
}

export function watchSteps(flow: Flow, record: (event: StepEvent) => void): StepWatcher {
  let step: string | undefined;
  let open = false;
  let busy = false;
  let lang = 'en';
  // The event that started the effect the machine waits on: it is what leaves the step when the effect's answer does.
  let cause: string | undefined;
  const show = (at: number) => {
    open = true;
    record({ kind: 'shown', step, lang, at });
  };
  return {
    move: ({ at, event, snapshot }) => {
      lang = langOf(snapshot);
      const now = stepOf(snapshot);
      const ownEvent = !event.startsWith('xstate.');
      if (step !== now) {
        if (step !== undefined && open) record({ kind: 'left', step, by: ownEvent ? event : (cause ?? 'NEXT'), lang, at });
        step = now;
        cause = undefined;
        show(at);
      } else if (ownEvent && !busy && isBusy(snapshot)) cause = event;
      busy = isBusy(snapshot);
      if (completes(flow, event)) record({ kind: 'completed', lang, at });
    },
    close: (at) => {
      if (step === undefined || !open) return;
      open = false;
      record({ kind: 'closed', step, lang, at });
    },
    reopen: (at) => {
      if (step !== undefined && !open) show(at);
    },
  };
}
