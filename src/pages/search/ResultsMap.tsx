// The map of a search's results (its own lazy chunk, with Leaflet and its CSS, shared with the accident map): a
// numbered dot per report, matching the list, and the searched circle when the search was around a point.
import 'leaflet/dist/leaflet.css';
import '../../../widgets/locate/map.css';
import { divIcon, latLng, latLngBounds, type DivIcon, type LatLngBounds } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { Circle, MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { MapName, MapTeardown } from '../../../widgets/locate/MapName.tsx';

export interface ResultsMapProps {
  points: { id: string; n: number; lat: number; lng: number }[];
  /** The searched circle: its centre and radius in metres. */
  area?: { lat: number; lng: number; radius: number };
  tiles: { url: string; attribution: string };
  label: string;
  describedBy: string;
}

const icons = new Map<number, DivIcon>();

/** A dot with the result's number in the list (drawn in CSS, as the accident map's pin is). */
function iconOf(n: number): DivIcon {
  let icon = icons.get(n);
  if (!icon) {
    icon = divIcon({ className: 'result-marker', html: `<span>${n}</span>`, iconSize: [28, 28], iconAnchor: [14, 14] });
    icons.set(n, icon);
  }
  return icon;
}

/** Close enough to see the streets around one report, never closer. */
const FIT = { padding: [24, 24] as [number, number], maxZoom: 14 };

export default function ResultsMap({ points, area, tiles, label, describedBy }: ResultsMapProps) {
  const bounds = useMemo(() => {
    const all = latLngBounds(points.map((p) => latLng(p.lat, p.lng)));
    if (area) all.extend(latLng(area.lat, area.lng).toBounds(area.radius * 2));
    return all;
  }, [points, area]);
  return (
    // Wheel zoom stays off so scrolling the page over the map scrolls the page; the zoom buttons and pinch work.
    <MapContainer bounds={bounds} boundsOptions={FIT} className="locate-map__canvas results-map__canvas" scrollWheelZoom={false}>
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      <MapName label={label} describedBy={describedBy} />
      <MapTeardown />
      <FitBounds bounds={bounds} />
      {area && <Circle center={[area.lat, area.lng]} radius={area.radius} className="results-map__area" interactive={false} />}
      {points.map((p) => (
        // Not focusable nor clickable: the list beside the map is how a report is opened.
        <Marker key={p.id} position={[p.lat, p.lng]} icon={iconOf(p.n)} interactive={false} keyboard={false} />
      ))}
    </MapContainer>
  );
}

/**
 * Fits the map to new results (MapContainer reads its bounds only once, when it is made). Without animation: a map
 * taken away mid-animation (the search changed to one with nothing found) made Leaflet throw as the animation ended.
 */
function FitBounds({ bounds }: { bounds: LatLngBounds }) {
  const map = useMap();
  const first = useRef(bounds);
  useEffect(() => {
    if (bounds !== first.current && bounds.isValid()) map.fitBounds(bounds, { ...FIT, animate: false });
  }, [map, bounds]);
  return null;
}
