// A page drawn on the server (server/pages.ts, scripts/prerender.ts) can be typed in, or an option tapped, before its
// code has run. React then takes the fields over as they are, keeping what they hold, while its state still holds
// what was drawn: the next render wiped the typing (a phone number typed while /privacy was loading was gone when its
// button was tapped). Once the fields are React's, this hands React what the person did, as their input would have.
import { useEffect, useRef } from 'react';

/** A ref for the element holding the fields, each handed over once it has mounted. */
export function useKeptInputs<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    for (const field of ref.current?.querySelectorAll('input') ?? []) handOver(field);
  }, []);
  return ref;
}

/** Tells React of a change the field holds and React has not seen: its drawn value (or check) differs from its own. */
function handOver(field: HTMLInputElement) {
  if (field.type === 'checkbox' || field.type === 'radio') {
    if (field.checked === field.defaultChecked) return;
    // Back to what React drew, then the tap again, which React hears.
    field.checked = field.defaultChecked;
    field.click();
    return;
  }
  if (field.value === field.defaultValue) return;
  const typed = field.value;
  // React notes a value set through the field's property as its own; the prototype's setter leaves that note, so the
  // input event that follows is a change to React.
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
