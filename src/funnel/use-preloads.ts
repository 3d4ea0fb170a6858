// Loads what the current step's widgets need and starts loading the next steps' widgets and their needs (widgets/registry.ts).
import { useEffect, useState } from 'react';
import { transitionList } from '../../engine/transitions.ts';
import type { Flow } from '../../engine/types.ts';
import { loadWidgets, preloads, widgetsOf } from '../../widgets/registry.ts';
import { whenIdle } from './schedule.ts';

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

/** Draws the page again once the current step's preloads are done, so its guards and check marks read them. */
export function usePreloads(flow: Flow, stepId: string): void {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let live = true;
    // Only what is still loading: a step whose needs came ahead is not drawn twice on the tap that shows it.
    const current = widgetsOf(flow, stepId).filter((widget) => widget in preloads && !preloaded.has(widget));
    if (current.length) void Promise.all(current.map(preload)).then(() => live && setLoaded((n) => n + 1));
    // The next steps' code once the browser is idle after drawing this step, so it never competes with this step's paint.
    const ahead = whenIdle(() => {
      for (const id of nextStepIds(flow, stepId)) {
        loadWidgets(widgetsOf(flow, id)).catch(() => undefined);
        widgetsOf(flow, id).forEach((widget) => void preload(widget));
      }
    });
    return () => {
      live = false;
      ahead.cancel();
    };
  }, [flow, stepId]);
}
