// Open/close state for a button that shows a panel (info tips, expandable rows); Escape closes.
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';

export function useDisclosure(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }, []);

  return {
    open,
    setOpen,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((o) => !o),
      onKeyDown,
    },
    panelProps: { id: panelId, hidden: !open, onKeyDown },
  };
}
