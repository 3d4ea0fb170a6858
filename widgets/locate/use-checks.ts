// Which field errors are shown (after a blur or Next, then following the value) and focus on the first invalid field.
import { useCallback, useRef, useState } from 'react';
import type { ErrorKey } from './checks.ts';

const FOCUSABLE = 'input:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useChecks<F extends string>(errors: Record<F, ErrorKey | null>) {
  const [shown, setShown] = useState<Partial<Record<F, boolean>>>({});
  const boxes = useRef(new Map<F, HTMLElement>());

  const touch = useCallback((field: F) => setShown((s) => (s[field] ? s : { ...s, [field]: true })), []);

  /** Shows the errors of these fields and focuses the first invalid one; true when all are valid. */
  const check = (fields: F[]): boolean => {
    setShown((s) => ({ ...s, ...Object.fromEntries(fields.map((f) => [f, true])) }));
    const first = fields.find((f) => errors[f] !== null);
    if (first === undefined) return true;
    boxes.current.get(first)?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return false;
  };

  /** A ref for the element around a field, so Next can focus its input. */
  const box = (field: F) => (el: HTMLElement | null) => {
    if (el) boxes.current.set(field, el);
    else boxes.current.delete(field);
  };

  return {
    error: (field: F): ErrorKey | null => (shown[field] ? errors[field] : null),
    touch,
    check,
    box,
  };
}
