// The screens drawn ahead are hidden (display: none), so the browser has never styled or laid them out, and the tap that
// shows one paid for that the first time: new rules to match, new words to shape. Laying out a copy once while the
// browser is idle fills those caches, and the tap lays the screen out in about half the time (median 28 → 15 ms at 4×
// CPU for the first question screen).

/** Lays out a copy of the hidden screens among `blocks`' children, out of sight, and takes it away in the same task. */
export function warmUpHiddenScreens(blocks: HTMLElement): void {
  const hidden = [...blocks.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.style.display === 'none');
  if (hidden.length === 0) return;
  const box = document.createElement('div');
  box.className = 'funnel-warm-up';
  box.setAttribute('aria-hidden', 'true');
  box.inert = true;
  for (const screen of hidden) {
    const copy = screen.cloneNode(true) as HTMLElement;
    copy.style.removeProperty('display');
    // Nameless: a checked radio of the copy would otherwise uncheck its original (one group per name, no form).
    for (const field of copy.querySelectorAll('[name]')) field.removeAttribute('name');
    box.append(copy);
  }
  blocks.append(box);
  void box.offsetHeight;
  box.remove();
}
