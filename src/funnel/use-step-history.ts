// Mirrors the funnel's step in the browser history, so the phone's Back button goes back one step.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface StepState {
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
  const popping = useRef(false);
  const here = `${location.pathname}${location.search}`;

  // The machine moved: record the new step (replacing the entry when the move answered a Back press).
  useEffect(() => {
    if (state.step === step) return;
    const replace = state.step === undefined || popping.current;
    popping.current = false;
    void navigate(here, { state: { step, depth: replace ? depth : depth + 1 }, replace });
    // Only a change of the machine's step records history; history changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // History moved (Back or Forward pressed): go back a step, or stay when the step allows no Back.
  useEffect(() => {
    if (state.step === undefined || state.step === step) return;
    if (canGoBack) {
      popping.current = true;
      goBack();
    } else {
      void navigate(here, { state: { step, depth }, replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return () => {
    if (depth > 0) void navigate(-1);
    else goBack();
  };
}
