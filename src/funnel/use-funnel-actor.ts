// Runs a flow's machine for the page: effects provided, answers kept in sessionStorage across reloads.
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { compileFlow, isBusy } from '../../engine/machine.ts';
import type { Flow, FlowInput } from '../../engine/types.ts';
import { effectActors } from '../api/effects.ts';

const storageKey = (flow: Flow) => `claimflow:flow:${flow.id}:v${flow.version}`;

export function forgetProgress(flow: Flow) {
  sessionStorage.removeItem(storageKey(flow));
}

function restored(flow: Flow): unknown {
  try {
    const saved = sessionStorage.getItem(storageKey(flow));
    return saved ? (JSON.parse(saved) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function useFunnelActor(flow: Flow, input: FlowInput) {
  const machine = useMemo(() => compileFlow(flow).provide({ actors: effectActors(flow) }), [flow]);
  // Read once: useActorRef only looks at its options when the actor is created.
  const [snapshot] = useState(() => restored(flow));
  const actorRef = useActorRef(machine, snapshot ? { snapshot: snapshot as never, input } : { input });

  useEffect(() => {
    // A snapshot taken while an effect runs is not kept: a reload must not send a request twice.
    const subscription = actorRef.subscribe((s) => {
      if (!isBusy(s)) sessionStorage.setItem(storageKey(flow), JSON.stringify(actorRef.getPersistedSnapshot()));
    });
    return () => subscription.unsubscribe();
  }, [actorRef, flow]);

  return actorRef;
}
