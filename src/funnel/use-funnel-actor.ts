// Runs a flow's machine for the page: effects provided, answers kept in sessionStorage across reloads (saved-progress.ts).
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { compileFlow, isBusy, stepOf } from '../../engine/machine.ts';
import type { Flow, FlowInput } from '../../engine/types.ts';
import { effectActors } from '../api/effects.ts';
import { whenIdle, type Scheduled } from '../../widgets/shared/schedule.ts';
import { readProgress, removeProgress, resumes, writeProgress } from './saved-progress.ts';

/** The saved snapshot of this flow's version, if the visit resumes. */
function restored(flow: Flow, returning: boolean): unknown {
  const saved = readProgress(flow.id);
  return saved && saved.version === flow.version && resumes(saved, returning) ? saved.snapshot : undefined;
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
      if (latest && !forgotten.current) writeProgress(flow, stepOf(latest), actorRef.logic.getPersistedSnapshot(latest));
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
    removeProgress(flow.id);
  }, [flow]);
  return { actorRef, forgetProgress };
}
