// Mirrors the funnel's step in the browser history, so the phone's Back button goes back one step.
import { useEffect, useEffectEvent, useRef } from 'react';
import { usePageLocation, type PageState } from '../page-history.ts';
import { afterPaint } from '../../widgets/shared/schedule.ts';
import { useStable } from './use-stable.ts';

/**
 * Returns the handler for the page's own Back button: it walks history, so both Back buttons behave the same. A step
 * that is not `kept` (one that only passes, e.g. a search running) is no entry of its own: Back from what follows it
 * returns to the step before.
 */
export function useStepHistory(step: string, canGoBack: boolean, goBack: () => void, kept = true): () => void {
  const { pathname, search, state, navigate } = usePageLocation();
  const depth = state.depth ?? 0;
  const shownDepth = useRef(depth);
  const popping = useRef(false);
  const here = `${pathname}${search}`;

  // The machine moved: record the new step (replacing the entry when the move answered a Back press). After the new
  // step is painted: pushState and the re-render it causes are not part of the tap's response. An effect event: it
  // reads the entry as it stands when it runs (history may have moved in between), and only a new step calls it.
  const record = useEffectEvent(() => {
    if (state.step === step || !kept) return;
    // The page has left the funnel: a widget went on as its step was shown (the report search does), and while the
    // next page's code loads, React keeps this page hidden with its effects (and this task) alive.
    if (`${window.location.pathname}${window.location.search}` !== here) return;
    const replace = state.step === undefined || popping.current;
    popping.current = false;
    shownDepth.current = replace ? depth : depth + 1;
    navigate(here, { state: { ...state, step, depth: shownDepth.current }, replace });
  });
  useEffect(() => afterPaint(record).cancel, [step]);

  // History moved: Back goes back a step (or stays when the step allows none); Forward is undone, answers lead forward.
  // Each move of the history gives a new state object (wouter's useHistoryState); a move of the machine alone calls
  // none of this.
  const historyMoved = useEffectEvent((moved: PageState) => {
    if (moved.step === undefined || moved.step === step) return;
    if (depth > shownDepth.current) {
      history.back();
    } else if (canGoBack) {
      popping.current = true;
      shownDepth.current = depth;
      goBack();
    } else {
      shownDepth.current = depth;
      navigate(here, { state: { ...moved, step, depth }, replace: true });
    }
  });
  useEffect(() => historyMoved(state), [state]);

  return useStable(() => {
    if (depth > 0) history.back();
    else goBack();
  });
}
