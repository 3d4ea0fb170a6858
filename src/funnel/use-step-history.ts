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
  /** The entry the page opened on, until the history moves. */
  const opened = useRef<PageState | undefined>(state);
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
    // Any other entry ends the opening (a browser may give a popped entry the object it had).
    if (moved !== opened.current) opened.current = undefined;
    if (moved.step === undefined || moved.step === step) return;
    // The entry the page opened on (a reload) is no press of Back when the step shown keeps an entry and has one behind
    // it: the answers are saved as the page goes away (use-funnel-actor.ts), but a step's entry only after its paint
    // (record), so a reload right after a tap reopens the step before's entry with the machine on the new step. Taken
    // for Back, it moved the funnel back a step for good (the calculator walk's reload waited 60 s for its step in CI,
    // under load); record writes the step's entry instead. A step that keeps none (the report search, gone on to its
    // results) is still left by the Back that reopens the page.
    if (moved === opened.current && kept && canGoBack) return;
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
