// Modal behaviour: background made inert, body scroll locked, Tab kept inside, Escape handled, focus restored.
import { useEffect, useRef, useState, type RefObject } from 'react';

/** §2.10: a modal appears after 10 ms and fades over 300 ms (the duration is --duration-modal). */
export const SHOW_DELAY_MS = 10;
export const FADE_MS = 300;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling through the container's own controls. */
function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** False until SHOW_DELAY_MS after the modal first renders: the class that fades it in goes on then. */
export function useShownAfterDelay(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), SHOW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return shown;
}

export function useModal(rootRef: RefObject<HTMLElement | null>, initialFocus: RefObject<HTMLElement | null>, onEscape: () => void): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const others = Array.from(document.body.children).filter((el) => el !== root && !el.hasAttribute('inert'));
    others.forEach((el) => el.setAttribute('inert', ''));
    document.body.classList.add('has-modal');
    initialFocus.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscapeRef.current();
      } else if (event.key === 'Tab') trapTab(event, root);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      others.forEach((el) => el.removeAttribute('inert'));
      document.body.classList.remove('has-modal');
      previous?.focus();
    };
  }, [rootRef, initialFocus]);
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
