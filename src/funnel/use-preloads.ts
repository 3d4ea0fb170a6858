// Loads what the current step's widgets need and, once the browser is idle, the next steps' widgets and their needs
// (widgets/registry.ts); says which next steps are ready to be drawn ahead, out of sight.
import { useEffect, useState } from 'react';
import { transitionList } from '../../engine/transitions.ts';
import type { Flow } from '../../engine/types.ts';
import { loadWidgets, preloads, widgetsOf } from '../../widgets/registry.ts';
import { whenIdle } from '../../widgets/shared/schedule.ts';

/** The steps a NEXT or an ANSWER can lead to from this one. */
export function nextStepIds(flow: Flow, stepId: string): string[] {
  const on = flow.steps[stepId]?.on ?? {};
  const targets = [...transitionList(on.NEXT), ...transitionList(on.ANSWER)].flatMap((t) => [t.target, ...(t.then ?? []).map((x) => x.target)]);
  return [...new Set(targets)].filter((id): id is string => id !== undefined && id !== stepId);
}

/** Widgets whose preload has finished (or failed: the page then draws without it, as before). */
const preloaded = new Set<string>();

const preload = (widget: string) =>
  (preloads[widget]?.() ?? Promise.resolve()).catch(() => undefined).finally(() => preloaded.add(widget));

/** A step's widgets and their needs, loaded; false when its code could not be fetched (it is fetched again on its turn). */
const loadStep = (flow: Flow, id: string) =>
  Promise.all([loadWidgets(widgetsOf(flow, id)), ...widgetsOf(flow, id).map(preload)]).then(
    () => true,
    () => false,
  );

/**
 * Draws the page again once the current step's preloads are done, so its guards and check marks read them; returns the
 * steps to draw out of sight: the next steps whose code has arrived, fetched once the browser is idle after drawing this
 * step (never competing with it).
 */
export function usePreloads(flow: Flow, stepId: string): string[] {
  const [, setLoaded] = useState(0);
  const [ahead, setAhead] = useState<{ from: string; ids: string[] }>({ from: stepId, ids: [] });
  useEffect(() => {
    let live = true;
    // Only what is still loading: a step whose needs came ahead is not drawn twice on the tap that shows it.
    const current = widgetsOf(flow, stepId).filter((widget) => widget in preloads && !preloaded.has(widget));
    if (current.length) void Promise.all(current.map(preload)).then(() => live && setLoaded((n) => n + 1));
    const scheduled = whenIdle(() => {
      const ids = nextStepIds(flow, stepId);
      void Promise.all(ids.map((id) => loadStep(flow, id))).then((ready) => {
        if (live) setAhead({ from: stepId, ids: ids.filter((_, i) => ready[i]) });
      });
    });
    return () => {
      live = false;
      scheduled.cancel();
    };
  }, [flow, stepId]);
  // Until this step's next steps are ready, the screens drawn for the step before stay too (out of sight): the tap that
  // left it only hides it, and it is taken down when the browser is idle.
  return ahead.from === stepId ? ahead.ids : [ahead.from, ...ahead.ids];
}
