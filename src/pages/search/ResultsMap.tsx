// The map of a search's results (its own lazy chunk, with Leaflet and its CSS, shared with the accident map): a
// numbered dot per report, matching the list, reports close together at the zoom shown as one circle with their count
// (supercluster), which zooms in when tapped, and the searched circle when the search was around a point.
import 'leaflet/dist/leaflet.css';
import '../../../widgets/locate/map.css';
import { divIcon, latLng, latLngBounds, type DivIcon, type LatLngBounds, type Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Circle, MapContainer, Marker, TileLayer, useMap, useMapEvent } from 'react-leaflet';
import Supercluster, { type ClusterFeature, type PointFeature } from 'supercluster';
import { MapName, MapTeardown } from '../../../widgets/locate/MapName.tsx';

export interface ResultsMapProps {
  points: { id: string; n: number; lat: number; lng: number }[];
  /** The searched circle: its centre and radius in metres. */
  area?: { lat: number; lng: number; radius: number };
  tiles: { url: string; attribution: string };
  label: string;
  describedBy: string;
  /** The accessible name of a group of `count` reports (a button that zooms in on them). */
  clusterLabel: (count: number) => string;
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

export default function ResultsMap({ points, area, tiles, label, describedBy, clusterLabel }: ResultsMapProps) {
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
      <Clustered points={points} clusterLabel={clusterLabel} />
    </MapContainer>
  );
}

type Report = Pick<ResultsMapProps['points'][number], 'id' | 'n'>;

/** Reports within this many pixels of each other make one group (a group's circle is up to 48 px wide). */
const CLUSTER_RADIUS_PX = 48;
/** supercluster counts its radius in a tile of this many pixels: Leaflet's tiles are 256 (its default is 512, Mapbox's). */
const TILE_PX = 256;
/** The closest zoom with groups: at the tiles' closest (18) every report has its own dot. */
const MAX_CLUSTER_ZOOM = 17;

/** A circle with the count of a group (drawn in CSS, search.css), bigger for a bigger group. */
function clusterIcon(count: number): DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : 48;
  return divIcon({ className: 'marker-cluster', html: `<span aria-hidden="true">${count}</span>`, iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}

/** What the map shows now: its bounds, a little beyond its edges (so dots do not pop in while panning), and its zoom. */
function viewOf(map: LeafletMap): { box: [number, number, number, number]; zoom: number } {
  const b = map.getBounds().pad(0.25);
  return {
    box: [Math.max(-180, b.getWest()), Math.max(-85, b.getSouth()), Math.min(180, b.getEast()), Math.min(85, b.getNorth())],
    zoom: Math.round(map.getZoom()),
  };
}

/** The reports as numbered dots and groups of dots, grouped anew for every zoom. */
function Clustered({ points, clusterLabel }: Pick<ResultsMapProps, 'points' | 'clusterLabel'>) {
  const map = useMap();
  const index = useMemo(() => {
    const cluster = new Supercluster<Report, Record<string, never>>({ radius: CLUSTER_RADIUS_PX, extent: TILE_PX, maxZoom: MAX_CLUSTER_ZOOM });
    cluster.load(
      points.map((p): PointFeature<Report> => ({
        type: 'Feature',
        properties: { id: p.id, n: p.n },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
    );
    return cluster;
  }, [points]);
  const [view, setView] = useState(() => viewOf(map));
  useMapEvent('moveend', () => setView(viewOf(map)));
  const features = index.getClusters(view.box, view.zoom);

  return features.map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    if ('cluster' in feature.properties && feature.properties.cluster) {
      const { cluster_id: id, point_count: count } = (feature as ClusterFeature<Record<string, never>>).properties;
      // A button (Leaflet gives a keyboard marker role button and tabindex 0; its title names it): it zooms in until the group parts.
      return (
        <Marker
          key={`cluster-${id}`}
          position={[lat, lng]}
          icon={clusterIcon(count)}
          title={clusterLabel(count)}
          eventHandlers={{
            click: () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), map.getMaxZoom()), { animate: false }),
          }}
        />
      );
    }
    const report = feature.properties as Report;
    // Not focusable nor clickable: the list beside the map is how a report is opened.
    return <Marker key={report.id} position={[lat, lng]} icon={iconOf(report.n)} interactive={false} keyboard={false} />;
  });
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
