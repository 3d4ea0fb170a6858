// Taps made before the app's code had run: the page's loader (server/page-code.ts) held the buttons tapped. Once the
// app has the page's content (hydrated, with what was typed before it handed over: use-kept-inputs.ts), each is tapped
// again, in order, in a task of its own (React has drawn what the tap before did, an answer chosen before "Continue"),
// and loses the mark the loader gave it (data-held); a button drawn anew is found again (buttonNow).
import { useEffect } from 'react';

declare global {
  interface Window {
    /** The buttons tapped before the code ran, until the app takes them. */
    claimflowTaps?: HTMLElement[];
  }
}

const heading = (within: Element | null | undefined) => within?.querySelector('h1')?.textContent?.trim();

/**
 * The button a tap was made on, in the page as the app has it: the same one, or on a screen the app drew anew in its
 * place (an address with a query the flow reads) the one button of the same words under the same heading. A screen the
 * app replaced with another (a visit resumed at a later step) takes no tap: it is not what the person saw.
 */
function buttonNow(tapped: HTMLElement): HTMLElement | undefined {
  if (tapped.isConnected) return tapped;
  const main = document.querySelector('main');
  const text = tapped.textContent?.trim();
  if (!text || heading(main) === undefined || heading(main) !== heading(tapped.closest('main'))) return undefined;
  const alike = [...(main?.querySelectorAll('button') ?? [])].filter((button) => button.textContent?.trim() === text);
  return alike.length === 1 ? alike[0] : undefined;
}

function replay(taps: HTMLElement[]) {
  const [tapped, ...rest] = taps;
  if (tapped) delete tapped.dataset.held;
  const button = tapped && buttonNow(tapped);
  if (button) button.click();
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
