// A VIN search keeps the VIN out of the address bar: the URLs the product makes for it (/results, the results page's
// notify-me link) carry a random handle (`s=`) instead, and the VIN waits under it in the tab's session storage. A
// reload or Back finds it there; a link with ?vin= (typed, or made before) still works.
const KEY = (handle: string) => `claimflow:search:${handle}`;
const HANDLE = /^[a-z0-9]{12}$/;

function newHandle(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 12);
}

/** The query with its vin= swapped for a handle to it; as it was when the tab keeps nothing (storage refused). */
export function hideVin(params: URLSearchParams): URLSearchParams {
  const vin = params.get('vin');
  if (!vin) return params;
  const handle = newHandle();
  try {
    sessionStorage.setItem(KEY(handle), vin);
  } catch {
    return params;
  }
  const hidden = new URLSearchParams({ s: handle });
  for (const [name, value] of params) if (name !== 'vin') hidden.append(name, value);
  return hidden;
}

/** The query with the VIN its handle stands for, when this tab has it. */
export function revealVin(params: URLSearchParams): URLSearchParams {
  const handle = params.get('s');
  if (!handle || !HANDLE.test(handle) || params.has('vin')) return params;
  let vin: string | null = null;
  try {
    vin = sessionStorage.getItem(KEY(handle));
  } catch {
    // No storage: no VIN.
  }
  if (!vin) return params;
  const shown = new URLSearchParams({ vin });
  for (const [name, value] of params) if (name !== 's') shown.append(name, value);
  return shown;
}
