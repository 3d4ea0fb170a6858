// Runs a flow's machine for the page: effects provided, answers kept in sessionStorage across reloads.
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { compileFlow, isBusy, stateKey } from '../../engine/machine.ts';
import type { Flow, FlowInput } from '../../engine/types.ts';
import { effectActors } from '../api/effects.ts';
import { whenIdle, type Scheduled } from '../../widgets/shared/schedule.ts';

const storageKey = (flow: Flow) => `claimflow:flow:${flow.id}:v${flow.version}`;

/** The saved snapshot of this flow, unless it ended and this is a new visit rather than a reload or a history move. */
function restored(flow: Flow, returning: boolean): unknown {
  try {
    const saved = sessionStorage.getItem(storageKey(flow));
    const snapshot = saved ? (JSON.parse(saved) as { value: Record<string, unknown> }) : undefined;
    const key = Object.keys(snapshot?.value ?? {})[0];
    const ended = Object.entries(flow.steps).some(([id, step]) => step.final && stateKey(id) === key);
    return ended && !returning ? undefined : snapshot;
  } catch {
    return undefined;
  }
}

/**
 * `returning`: the page is shown again from the history (a reload, Back or Forward), not reached anew. Answers the
 * actor and forgetProgress, which deletes the saved answers for good when the funnel ends and sends the person on: a
 * save still waiting for the browser to be idle, or the page's going away, no longer writes them back.
 */
export function useFunnelActor(flow: Flow, input: FlowInput, returning: boolean) {
  const machine = useMemo(() => compileFlow(flow, { now: Date.now }).provide({ actors: effectActors(flow) }), [flow]);
  // Read once: useActorRef only looks at its options when the actor is created.
  const [snapshot] = useState(() => restored(flow, returning));
  const actorRef = useActorRef(machine, snapshot ? { snapshot: snapshot as never, input } : { input });
  const forgotten = useRef(false);

  useEffect(() => {
    // A snapshot taken while an effect runs is not kept: a reload must not send a request twice. It is written when the
    // browser is idle, not in the tap that moved the funnel (JSON and storage took ~5 ms of it at 4× CPU), and at once
    // when the page goes away (a reload, another tab, the phone locked).
    let latest: ReturnType<typeof actorRef.getSnapshot> | undefined;
    let scheduled: Scheduled | undefined;
    const save = () => {
      scheduled?.cancel();
      scheduled = undefined;
      if (latest && !forgotten.current) sessionStorage.setItem(storageKey(flow), JSON.stringify(actorRef.logic.getPersistedSnapshot(latest)));
      latest = undefined;
    };
    const subscription = actorRef.subscribe((s) => {
      if (isBusy(s)) return;
      latest = s;
      scheduled ??= whenIdle(save);
    });
    const leaving = () => document.visibilityState === 'hidden' && save();
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', leaving);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', leaving);
      save();
    };
  }, [actorRef, flow]);

  const forgetProgress = useCallback(() => {
    forgotten.current = true;
    sessionStorage.removeItem(storageKey(flow));
  }, [flow]);
  return { actorRef, forgetProgress };
}
