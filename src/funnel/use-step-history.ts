// Mirrors the funnel's step in the browser history, so the phone's Back button goes back one step.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface StepState {
  step?: string;
  /** How many funnel entries lie behind this one in the history. */
  depth?: number;
}

/** Returns the handler for the page's own Back button: it walks history, so both Back buttons behave the same. */
export function useStepHistory(step: string, canGoBack: boolean, goBack: () => void): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state as StepState | null) ?? {};
  const depth = state.depth ?? 0;
  const shownDepth = useRef(depth);
  const popping = useRef(false);
  const here = `${location.pathname}${location.search}`;

  // The machine moved: record the new step (replacing the entry when the move answered a Back press).
  useEffect(() => {
    if (state.step === step) return;
    const replace = state.step === undefined || popping.current;
    popping.current = false;
    shownDepth.current = replace ? depth : depth + 1;
    void navigate(here, { state: { step, depth: shownDepth.current }, replace });
    // Only a change of the machine's step records history; history changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // History moved: Back goes back a step (or stays when the step allows none); Forward is undone, answers lead forward.
  useEffect(() => {
    if (state.step === undefined || state.step === step) return;
    if (depth > shownDepth.current) {
      void navigate(-1);
    } else if (canGoBack) {
      popping.current = true;
      shownDepth.current = depth;
      goBack();
    } else {
      shownDepth.current = depth;
      void navigate(here, { state: { step, depth }, replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return () => {
    if (depth > 0) void navigate(-1);
    else goBack();
  };
}
