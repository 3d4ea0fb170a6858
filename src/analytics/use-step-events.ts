// Step analytics of a funnel page, at no cost to its first screen: the machine's moves are noted from the start, and
// the events code (step-events.ts, a chunk of its own) is fetched once the browser is idle after the first step,
// takes the moves noted so far and every one after.
import { useEffect } from 'react';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { Flow } from '../../engine/types.ts';
import { whenIdle } from '../../widgets/shared/schedule.ts';
// Types only: the events code stays out of the page's chunk.
import type { Move } from './watch-steps.ts';

/** `variant`: the flow's A/B variant the visit runs ('' when the flow has none). */
export function useStepEvents(flow: Flow, actorRef: AnyActorRef, variant = ''): void {
  useEffect(() => {
    // The machine as it stands: its step is shown (again, after a reload).
    const noted: Move[] = [{ at: Date.now(), event: 'xstate.init', snapshot: actorRef.getSnapshot() as AnyMachineSnapshot }];
    let take = (move: Move): void => void noted.push(move);
    let stop = () => {};
    const inspection = actorRef.system.inspect((inspected) => {
      if (inspected.type === '@xstate.snapshot' && inspected.actorRef === actorRef) {
        take({ at: Date.now(), event: inspected.event.type, snapshot: inspected.snapshot as AnyMachineSnapshot });
      }
    });
    let live = true;
    const scheduled = whenIdle(() => {
      import('./step-events.ts').then(
        ({ startStepEvents }) => {
          if (!live) return;
          const events = startStepEvents(flow, variant);
          noted.forEach(events.move);
          take = events.move;
          stop = events.stop;
        },
        // Without its code (offline) the funnel goes on without step events.
        () => undefined,
      );
    });
    return () => {
      live = false;
      scheduled.cancel();
      inspection.unsubscribe();
      stop();
    };
  }, [flow, actorRef, variant]);
}
