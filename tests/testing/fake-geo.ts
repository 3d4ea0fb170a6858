// A GeoServices for widget tests: a few US places by prefix, with every call recorded (pass it as renderWidget's `geo`).
import { vi } from 'vitest';
import type { GeoServices, Place, PlaceSuggestion } from '../../widgets/shared/geo.ts';

export const PLACES: Record<string, Place> = {
  austin: { address: 'Austin, TX 78701, USA', city: 'Austin', state: 'TX', zip: '78701', lat: 30.27, lng: -97.74 },
  austell: { address: 'Austell, GA 30106, USA', city: 'Austell', state: 'GA', zip: '30106', lat: 33.81, lng: -84.63 },
  boston: { address: 'Boston, MA 02108, USA', city: 'Boston', state: 'MA', zip: '02108', lat: 42.36, lng: -71.06 },
};

const SUGGESTIONS: PlaceSuggestion[] = [
  { id: 'austin', label: 'Austin, TX, USA' },
  { id: 'austell', label: 'Austell, GA, USA' },
  { id: 'boston', label: 'Boston, MA, USA' },
];

/** Suggests the places whose label starts with the text; resolve gives the Place; reverse finds Austin. */
export function fakeGeo(overrides: Partial<GeoServices> = {}) {
  const geo = {
    suggest: vi.fn<GeoServices['suggest']>((text) => Promise.resolve(SUGGESTIONS.filter((s) => s.label.toLowerCase().startsWith(text.trim().toLowerCase())))),
    resolve: vi.fn<GeoServices['resolve']>((s) => {
      const place = PLACES[s.id];
      return place ? Promise.resolve(place) : Promise.reject(new Error(`unknown suggestion ${s.id}`));
    }),
    reverse: vi.fn<GeoServices['reverse']>(() => Promise.resolve(PLACES.austin ?? null)),
    tiles: { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: '© test' },
  };
  return Object.assign(geo, overrides);
}
