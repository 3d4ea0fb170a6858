// The open list, the active option and the keys (arrows, Enter, Escape) of an ARIA 1.2 combobox: an input that
// controls a listbox whose options are reached by aria-activedescendant, shared by the city and vehicle make fields.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';

/** An option of a combobox list: `id` tells options apart, `label` is what the person reads. */
export interface ComboOption {
  id: string;
  label: string;
}

/** The state of a combobox over `options`; `onChoose` gets an option chosen by Enter, click or tap. */
export function useCombobox<T extends ComboOption>(options: readonly T[], onChoose: (option: T) => void) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // New options start with none active.
  const [seen, setSeen] = useState(options);
  if (options !== seen) {
    setSeen(options);
    setActive(-1);
  }
  const shown = open && options.length > 0;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: T) => {
    close();
    onChoose(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!shown) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
      } else setActive((a) => (down ? (a + 1) % count : a <= 0 ? count - 1 : a - 1));
    } else if (event.key === 'Enter') {
      const option = shown ? options[active] : undefined;
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  return {
    /** id of the input; the list and the status line are named after it. */
    id,
    /** Whether the person is searching (typing or browsing); the list shows when there is something in it too. */
    open,
    /** Opens the list (typing, a click in the input). */
    show: () => setOpen(true),
    close,
    /** The combobox role, state and keys for the input. */
    input: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': shown,
      'aria-controls': listId,
      'aria-activedescendant': shown && active >= 0 ? `${listId}-${active}` : undefined,
      onKeyDown,
    } as const,
    /** What the list needs: its ids, the options, which one is active and how one is chosen. */
    list: { id: listId, statusId: `${id}-status`, options, active, shown, choose },
  };
}

export type Combobox<T extends ComboOption> = ReturnType<typeof useCombobox<T>>;
