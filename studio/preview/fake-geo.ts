// Place search for the preview: a few US cities, no network (the studio runs without the API); map tiles left blank.
import type { GeoServices, Place } from '../../widgets/shared/geo.ts';

const PLACES: Place[] = [
  { address: 'Austin, TX 78701, USA', city: 'Austin', state: 'TX', zip: '78701', lat: 30.27, lng: -97.74 },
  { address: 'Houston, TX 77002, USA', city: 'Houston', state: 'TX', zip: '77002', lat: 29.76, lng: -95.37 },
  { address: 'Los Angeles, CA 90012, USA', city: 'Los Angeles', state: 'CA', zip: '90012', lat: 34.05, lng: -118.24 },
  { address: 'Miami, FL 33130, USA', city: 'Miami', state: 'FL', zip: '33130', lat: 25.77, lng: -80.19 },
  { address: 'New York, NY 10007, USA', city: 'New York', state: 'NY', zip: '10007', lat: 40.71, lng: -74.01 },
];

const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

export const fakeGeo: GeoServices = {
  suggest: (text) =>
    Promise.resolve(
      PLACES.filter((p) => p.city.toLowerCase().startsWith(text.trim().toLowerCase())).map((p) => ({ id: p.address, label: `${p.city}, ${p.state}, USA` })),
    ),
  resolve: (suggestion) => Promise.resolve(PLACES.find((p) => p.address === suggestion.id) ?? (PLACES[0] as Place)),
  reverse: () => Promise.resolve(PLACES[0] ?? null),
  tiles: { url: BLANK_TILE, attribution: 'Studio preview: no map tiles' },
};
