// The place search through the grid cells finds exactly what a full scan with the haversine distance to the reports'
// public locations (rounded to 3 decimals) finds: random reports around random places (cell edges, Alaska, both sides
// of the antimeridian), random centres, radii and dates.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miles } from '../../server/geo/distance.ts';
import type { Point } from '../../server/geo/gazetteer.ts';
import { ingestReports } from '../../server/reports/ingest.ts';
import { searchReports, MAX_RESULTS } from '../../server/reports/search-reports.ts';
import { localIso } from '../testing/reports.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

/** Places reports crowd around: a city, a cell corner (40, -75), Fairbanks, the Aleutians across the antimeridian. */
const HUBS: Point[] = [
  { lat: 30.2672, lng: -97.7431 },
  { lat: 40, lng: -75 },
  { lat: 64.8378, lng: -147.7164 },
  { lat: 51.88, lng: 179.95 },
  { lat: 51.88, lng: -179.95 },
];
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 5, 1);
const DAYS = 40;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A report's public location: what a place search measures. */
const shown = (p: Point): Point => ({ lat: Math.round(p.lat * 1000) / 1000, lng: Math.round(p.lng * 1000) / 1000 });

/** Within degrees of a hub (miles: 69 × that north-south, less east-west), wrapped to -180..180. */
const near = (degrees: number) =>
  fc
    .record({
      hub: fc.constantFrom(...HUBS),
      dLat: fc.double({ min: -degrees, max: degrees, noNaN: true }),
      dLng: fc.double({ min: -degrees, max: degrees, noNaN: true }),
    })
    .map(({ hub, dLat, dLng }) => ({ lat: hub.lat + dLat, lng: ((hub.lng + dLng * 1.5 + 540) % 360) - 180 }));

const reportArb = fc.record({
  location: near(0.25),
  at: fc.integer({ min: 0, max: DAYS * DAY_MS - 1 }),
  offset: fc.constantFrom(-720, -600, -540, -360, -300, 0, 720, 840),
});

const queryArb = fc.record({
  centre: near(0.12),
  radiusMiles: fc.constantFrom(5, 10),
  window: fc.option(
    fc.tuple(fc.integer({ min: -2, max: DAYS + 1 }), fc.integer({ min: 0, max: DAYS })).map(([start, length]) => ({
      from: isoDay(FIRST_DAY + start * DAY_MS),
      to: isoDay(FIRST_DAY + (start + length) * DAY_MS),
    })),
    { nil: undefined },
  ),
});

describe.each(testDbKinds)('place search against a full scan on %s', (kind) => {
  let t: TestDb;
  let n = 0;
  beforeAll(async () => {
    t = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => t.close());

  /** What a full scan finds: every report whose public location is within the radius (haversine) and the days, newest first. */
  const fullScan = async (centre: Point, radiusMiles: number, window?: { from: string; to: string }) => {
    const { rows } = await t.db.query<{ id: string; lat: number; lng: number; at: Date; day: string }>(
      'SELECT id, lat, lng, occurred_at AS at, occurred_on::text AS day FROM reports',
    );
    const found = rows
      .filter((r) => miles(centre, shown(r)) <= radiusMiles && (!window || (r.day >= window.from && r.day <= window.to)))
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : 1));
    const ids = found.slice(0, MAX_RESULTS).map((r) => r.id);
    return { count: ids.length, more: found.length > MAX_RESULTS, ids };
  };

  it('finds the same reports, in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(reportArb, { minLength: 1, maxLength: 40 }), fc.array(queryArb, { minLength: 1, maxLength: 6 }), async (reports, queries) => {
        const batch = reports.map(({ location, at, offset }) => ({
          source: 'property',
          crashId: String(++n),
          occurredAt: localIso(FIRST_DAY + at, offset),
          state: 'AK',
          city: 'Anywhere',
          location,
          policeDepartment: 'PD',
          units: [{ unit: 1, make: 'FORD' }],
        }));
        expect((await ingestReports(t.db, batch, { clock: () => FIRST_DAY + 60 * DAY_MS })).rejected).toEqual([]);
        for (const { centre, radiusMiles, window } of queries) {
          const found = await searchReports(t.db, { mode: { kind: 'place', centre, radiusMiles }, ...(window && { dates: window }) });
          expect({ count: found.count, more: found.more, ids: found.results.map((r) => r.id) }).toEqual(await fullScan(centre, radiusMiles, window));
        }
      }),
      { numRuns: 25 },
    );
    // 25 batches and up to 150 searches: seconds, more on a busy machine.
  }, 60_000);
});
