// The place the gazetteer's routes answer with: the place of schemas/api/places-suggest.response.schema.json and
// places-reverse.response.schema.json, and the type src/geo/offline-geo.ts is checked against.
export interface PlaceAnswer {
  /** Stable: us-tx-austin (a city), us-tx (a state), zip-78701 (a point's place). */
  id: string;
  /** What a list shows: "Austin, TX, USA", "Texas, USA". */
  label: string;
  /** The full address: "Austin, TX 78701, USA". */
  address: string;
  /** The city; empty for a state. */
  city: string;
  /** Two-letter state or territory code. */
  state: string;
  /** Five digits; null for a state. */
  zip: string | null;
  lat: number;
  lng: number;
}
