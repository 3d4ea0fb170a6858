// An info button and the explanatory panel it toggles (works by tap, click and keyboard).
import type { ReactNode } from 'react';
import { InfoIcon } from './icons.tsx';
import type { useDisclosure } from './use-disclosure.ts';

type Disclosure = ReturnType<typeof useDisclosure>;

/** Icon-only button (accessible name in `label`), or a text button when `text` is given. */
export function InfoButton({ disclosure, label, text }: { disclosure: Disclosure; label?: string; text?: string }) {
  return (
    <button {...disclosure.buttonProps} className={text ? 'info-button info-button--text' : 'info-button'} aria-label={label}>
      <InfoIcon />
      {text}
    </button>
  );
}

export function InfoPanel({ disclosure, children }: { disclosure: Disclosure; children: ReactNode }) {
  // tabIndex lets Escape reach the panel after a tap inside it.
  return (
    <div {...disclosure.panelProps} className="info-panel" tabIndex={-1}>
      {children}
    </div>
  );
}
