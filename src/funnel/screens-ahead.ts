// Screens ahead: the tap that moves a funnel only reveals a screen drawn before it was asked for. The rules, all kept here:
// 1. A screen is a step, keyed by the step's id. A step that shows exactly what another shows (heading, blocks and
//    buttons: a question step and its answered twin) is that step's screen again, so its widgets keep their state.
// 2. The current step comes first. It is marked shown as it commits (step-shown.ts), before anything below starts; its
//    widgets' needs (widgets/registry.ts preloads: the phone library, the map) are awaited after it, and the page is
//    drawn again once they are in, so its guards and check marks read them.
// 3. Once the step has painted and the browser is idle, the code and needs of the steps a NEXT or an ANSWER can lead to are fetched, and each
//    step whose code has arrived is drawn out of sight (React's Activity, hidden: not seen, reached or heard, its effects
//    not run) until a step change shows it.
// 4. The screen just left stays drawn, hidden, until the next ones are ready: Back shows it at once.
// 5. Widget code and needs are fetched once per page load: each widget's load() (widgets/lazy-widget.tsx) and `needs`
//    below, the module's only state.
// 6. Nothing else rides on the tap: the answers are saved when the browser is idle (use-funnel-actor.ts) and the history
//    entry is written after the paint (use-step-history.ts). A hidden screen is laid out by the tap that shows it: laying
//    out a copy of it beforehand made no difference the bench walk could see (issue 22: every tap's median 48 ms and
//    p90 120 ms at 4× CPU with the copy and without it, in one run).
import { useEffect, useLayoutEffect, useMemo, useReducer, useState } from 'react';
import { transitionList } from '../../engine/transitions.ts';
import type { Flow } from '../../engine/types.ts';
import { loadWidgets, preloads, widgetsOf } from '../../widgets/registry.ts';
import { afterPaint, whenIdle, type Scheduled } from '../../widgets/shared/schedule.ts';
import { markStepShown } from './step-shown.ts';

/** A screen to draw: `key` is the id of the step whose screen it is, `stepId` the step it draws now. */
export interface Screen {
  key: string;
  stepId: string;
  shown: boolean;
}

/** The steps a NEXT or an ANSWER can lead to from this one. */
export function nextStepIds(flow: Flow, stepId: string): string[] {
  const on = flow.steps[stepId]?.on ?? {};
  const targets = [...transitionList(on.NEXT), ...transitionList(on.ANSWER)].flatMap((t) => [t.target, ...(t.then ?? []).map((x) => x.target)]);
  return [...new Set(targets)].filter((id): id is string => id !== undefined && id !== stepId);
}

/** Each step's screen: its own id, or that of the first step showing exactly the same thing (rule 1). */
export function screenKeys(flow: Flow): Map<string, string> {
  const firstShowing = new Map<string, string>();
  const keys = new Map<string, string>();
  for (const [id, step] of Object.entries(flow.steps)) {
    const shows = JSON.stringify([step.title, step.blocks, step.nav]);
    if (!firstShowing.has(shows)) firstShowing.set(shows, id);
    keys.set(id, firstShowing.get(shows) ?? id);
  }
  return keys;
}

/** Each widget's needs as fetched, and the widgets whose needs are in (or failed: the page then draws without them). */
const needs = new Map<string, Promise<void>>();
const needsIn = new Set<string>();

/** A widget's needs, fetched once (again after a failure, on the next step that asks). */
function needsOf(widget: string): Promise<void> {
  let need = needs.get(widget);
  if (!need) {
    need = (preloads[widget]?.() ?? Promise.resolve()).then(
      () => void needsIn.add(widget),
      () => {
        needs.delete(widget);
        needsIn.add(widget);
      },
    );
    needs.set(widget, need);
  }
  return need;
}

/** A step's widgets and their needs, loaded; false when its code could not be fetched (it is fetched again on its turn). */
const loadStep = (flow: Flow, id: string) =>
  Promise.all([loadWidgets(widgetsOf(flow, id)), ...widgetsOf(flow, id).map(needsOf)]).then(
    () => true,
    () => false,
  );

/** The screens to draw for the current step: its own first (shown), then those drawn ahead (hidden). */
export function useScreensAhead(flow: Flow, stepId: string): Screen[] {
  const [, drawAgain] = useReducer((n: number) => n + 1, 0);
  const [ahead, setAhead] = useState<{ from: string; ids: string[] }>({ from: stepId, ids: [] });
  const keys = useMemo(() => screenKeys(flow), [flow]);

  // A layout effect: it runs before the effect below starts fetching the next steps.
  useLayoutEffect(() => markStepShown(stepId), [stepId]);

  useEffect(() => {
    let live = true;
    // Only what is still loading: a step whose needs came ahead is not drawn twice on the tap that shows it.
    const waiting = widgetsOf(flow, stepId).filter((widget) => widget in preloads && !needsIn.has(widget));
    if (waiting.length) void Promise.all(waiting.map(needsOf)).then(() => live && drawAgain());
    let idle: Scheduled | undefined;
    const painted = afterPaint(
      () =>
        (idle = whenIdle(() => {
          const ids = nextStepIds(flow, stepId);
          void Promise.all(ids.map((id) => loadStep(flow, id))).then((ready) => {
            if (live) setAhead({ from: stepId, ids: ids.filter((_, i) => ready[i]) });
          });
        })),
    );
    return () => {
      live = false;
      painted.cancel();
      idle?.cancel();
    };
  }, [flow, stepId]);

  const drawn = [stepId, ...(ahead.from === stepId ? [] : [ahead.from]), ...ahead.ids];
  const screens: Screen[] = [];
  for (const id of drawn) {
    const key = keys.get(id) ?? id;
    if (!screens.some((screen) => screen.key === key)) screens.push({ key, stepId: id, shown: id === stepId });
  }
  return screens;
}
