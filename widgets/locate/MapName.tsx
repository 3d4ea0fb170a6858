// Pieces every Leaflet map of the app draws inside its MapContainer (the accident map, the results' map): its name for
// assistive technology, and a safe removal.
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Names the map for assistive technology: a region with a label and a description. */
export function MapName({ label, describedBy }: { label: string; describedBy: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', describedBy);
  }, [map, label, describedBy]);
  return null;
}

/**
 * Cancels what Leaflet would still do on a map taken away: after a resize it fires 'moveend' 200 ms later
 * (invalidateSize's debounce), and map.remove() leaves that timer running, so the layers then read the removed panes
 * and throw ("Cannot read properties of undefined (reading '_leaflet_pos')").
 */
export function MapTeardown() {
  const map = useMap();
  useEffect(() => () => window.clearTimeout((map as unknown as { _sizeTimer?: number })._sizeTimer), [map]);
  return null;
}
