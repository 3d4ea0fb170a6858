// Whether the step's effect was just refused, as a widget of the step can tell: the page shows the refusal (the step's
// error, in its live region) and the widget must not show a valid mark beside it.
import { useEffect, useRef, useState } from 'react';

/**
 * True from the end of a busy spell that left this screen shown (the step's effect failed: a success moves the funnel
 * to another step, which hides this screen and stops its effects before they see the spell end) until the answers
 * change. That is exactly while the machine keeps the step's error: it sets it as the spell ends, and clears it on the
 * next ANSWER (which always makes new answers), NEXT or BACK (each starts a spell or leaves the step).
 */
export function useStepFailed(busy: boolean, answers: Record<string, unknown>): boolean {
  const [failedWith, setFailedWith] = useState<Record<string, unknown> | null>(null);
  /** A busy spell began while this screen was shown. */
  const spell = useRef(false);
  useEffect(() => {
    if (busy) {
      spell.current = true;
      return;
    }
    if (spell.current) {
      spell.current = false;
      setFailedWith(answers);
    }
  }, [busy, answers]);
  // Hidden (a step change) or gone: a spell seen before is not this showing's.
  useEffect(
    () => () => {
      spell.current = false;
    },
    [],
  );
  return failedWith !== null && failedWith === answers;
}
