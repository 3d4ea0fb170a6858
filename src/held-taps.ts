// Taps made before the app's code had run: the page's loader (server/page-code.ts) held the buttons tapped. Once the
// app has the page's content (hydrated, with what was typed before it handed over: use-kept-inputs.ts), each is tapped
// again, in order, in a task of its own (React has drawn what the tap before did, an answer chosen before "Continue"),
// and loses the mark the loader gave it (data-held). A button drawn anew (no longer in the page) is not tapped: it is
// not the one tapped.
import { useEffect } from 'react';

declare global {
  interface Window {
    /** The buttons tapped before the code ran, until the app takes them. */
    claimflowTaps?: HTMLElement[];
  }
}

function replay(taps: HTMLElement[]) {
  const [button, ...rest] = taps;
  if (button) delete button.dataset.held;
  if (button?.isConnected) button.click();
  if (rest.length) setTimeout(() => replay(rest));
}

/** Placed after the page's content: its effect runs once the content before it has mounted and run its own. */
export function HeldTaps() {
  useEffect(() => {
    // A task after this commit: what the content's effects handed React (a number typed) is drawn by then.
    const timer = setTimeout(() => {
      const taps = window.claimflowTaps ?? [];
      window.claimflowTaps = undefined;
      replay(taps);
    });
    return () => clearTimeout(timer);
  }, []);
  return null;
}
