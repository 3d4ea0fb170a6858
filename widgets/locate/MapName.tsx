// Names a Leaflet map for assistive technology, a region with a label and a description: the accident map's and the
// results' maps (rendered inside their MapContainer).
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

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
