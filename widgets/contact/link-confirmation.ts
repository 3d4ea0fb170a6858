// Whether the link in the code text was opened, as the code step sees it: a question the app provides (the API's
// mfa-sms-confirmed), asked every few seconds while the step is shown and the page visible, and at once when the person
// comes back to the page, so the step goes on by itself after the link confirmed the number. The link confirms only in
// the browser that asked for the code (another tab of it: the person comes back to this one), never in another.
import { createContext, useContext, useEffect, useRef } from 'react';

/** Resolves true once the link of the code this visitor asked for was opened (the visitor is then verified). */
export type LinkConfirmed = (signal: AbortSignal) => Promise<boolean>;

/** None outside the app (widget tests): the step then waits for the code alone. */
export const LinkConfirmationContext = createContext<LinkConfirmed | null>(null);

/** How often the question is asked while the page is visible. */
export const CONFIRMATION_POLL_MS = 3000;

/**
 * Calls onConfirmed each time the answer is yes (the step's Next may have been refused while it was busy): asks while
 * mounted, which a hidden Activity is not.
 */
export function useLinkConfirmation(onConfirmed: () => void): void {
  const confirmed = useContext(LinkConfirmationContext);
  const onConfirmedRef = useRef(onConfirmed);
  useEffect(() => {
    onConfirmedRef.current = onConfirmed;
  });

  useEffect(() => {
    if (!confirmed) return undefined;
    const controller = new AbortController();
    let timer: number | undefined;
    let asking = false;
    const ask = async () => {
      window.clearTimeout(timer);
      if (asking || document.visibilityState !== 'visible') return;
      asking = true;
      // A failed question (offline, rate limited) is asked again at the next tick.
      const yes = await confirmed(controller.signal).catch(() => false);
      asking = false;
      if (controller.signal.aborted) return;
      if (yes) onConfirmedRef.current();
      timer = window.setTimeout(() => void ask(), CONFIRMATION_POLL_MS);
    };
    const onVisible = () => void ask();
    document.addEventListener('visibilitychange', onVisible);
    timer = window.setTimeout(() => void ask(), CONFIRMATION_POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [confirmed]);
}
