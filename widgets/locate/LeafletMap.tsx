// The accident map itself (its own lazy chunk, with Leaflet and its CSS): tiles, and a click or tap drops a
// draggable pin inside a translucent red circle. From the keyboard: the focused map pans with the arrow keys and zooms
// with + and - (Leaflet's own keys), and Enter or Space drops the pin at its centre, which a crosshair marks (map.css).
import 'leaflet/dist/leaflet.css';
import { divIcon, type LeafletEventHandlerFnMap, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { Circle, MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import type { MapCanvasProps } from './map-view.ts';
import { MapName, MapTeardown } from './MapName.tsx';

// Leaflet's default marker images break under a bundler, so the pin is drawn in CSS (map.css, .locate-pin).
const PIN_ICON = divIcon({
  className: 'locate-pin',
  html: '<span class="locate-pin__head"></span>',
  iconSize: [32, 40],
  iconAnchor: [16, 40],
});

export default function LeafletMap({ view, pin, radius, tiles, label, pinLabel, describedBy, onPick, onMove }: MapCanvasProps) {
  const markerEvents = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        // Points leave the map within ±180 of longitude, whichever copy of the world they were on.
        const { lat, lng } = (event.target as LeafletMarker).getLatLng().wrap();
        onPick({ lat, lng }, false);
      },
    }),
    [onPick],
  );
  return (
    // Wheel zoom stays off so scrolling the page over the map scrolls the page; the zoom buttons and pinch work.
    // worldCopyJump brings a map panned onto a repeated copy of the world back to the original, with the pin on it.
    <MapContainer center={view.center} zoom={view.zoom} className="locate-map__canvas" scrollWheelZoom={false} worldCopyJump>
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      <MapName label={label} describedBy={describedBy} />
      <MapTeardown />
      <MapBehaviour view={view} onPick={onPick} onMove={onMove} />
      {pin && (
        <>
          <Circle center={pin} radius={radius} className="locate-circle" interactive={false} />
          <Marker position={pin} icon={PIN_ICON} draggable title={pinLabel} eventHandlers={markerEvents} />
        </>
      )}
    </MapContainer>
  );
}

type BehaviourProps = Pick<MapCanvasProps, 'view' | 'onPick' | 'onMove'>;

/** Follows `view`, and reports clicks and moves. */
function MapBehaviour({ view, onPick, onMove }: BehaviourProps) {
  const map = useMapEvents({
    click: (event) => {
      const { lat, lng } = event.latlng.wrap();
      onPick({ lat, lng }, true);
    },
    moveend: () => {
      const { lat, lng } = map.getCenter().wrap();
      onMove({ lat, lng });
    },
  });
  useEffect(() => {
    map.setView(view.center, view.zoom);
  }, [map, view]);
  useEffect(() => {
    const container = map.getContainer();
    const onKeyDown = (event: KeyboardEvent) => {
      // Only the map itself: Enter on its zoom buttons, its links or the pin keeps its own meaning.
      if (event.target !== container || (event.key !== 'Enter' && event.key !== ' ') || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const { lat, lng } = map.getCenter().wrap();
      onPick({ lat, lng }, true);
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, [map, onPick]);
  return null;
}
