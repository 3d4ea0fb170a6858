// The map picker's Leaflet map, its own chunk (with Leaflet's): fetched with the step that shows it or the one before
// (the registry's preloads), drawn by MapPicker.
import { lazyPart } from '../lazy-part.tsx';

export const LeafletMap = lazyPart(() => import('./LeafletMap.tsx').then((m) => m.default));
