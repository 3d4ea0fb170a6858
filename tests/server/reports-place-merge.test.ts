// The place search reads the grid cells merged, newest first across them, a slice of time at a time (migration 0036):
// its answer must still be the newest reports of all the cells together. A dense cell whose reports are all older than
// a sparse cell's, reports of the same minute in different cells and in one (ties by id, in byte order), reports in
// the cells but outside the radius, and more than a search lists, measured against a full scan of the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miles } from '../../server/geo/distance.ts';
import type { Point } from '../../server/geo/gazetteer.ts';
import { cellsAround, geoCell } from '../../server/reports/geo-cell.ts';
import { ingestReports } from '../../server/reports/ingest.ts';
import { MAX_RESULTS, searchReports, type ReportSearch } from '../../server/reports/search-reports.ts';
import { localIso } from '../testing/reports.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const CENTRE: Point = { lat: 30.2672, lng: -97.7431 };
/** About 6 miles east: another cell, within 10 miles but not 5. */
const EAST: Point = { lat: 30.2672, lng: -97.6431 };
/** About 4 miles north-west: a third cell. */
const NORTH_WEST: Point = { lat: 30.31, lng: -97.79 };
/** About 12 miles south-west: in a corner cell a 10-mile search reads, outside its radius. */
const SOUTH_WEST: Point = { lat: 30.14, lng: -97.88 };
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shown = (p: Point): Point => ({ lat: Math.round(p.lat * 1000) / 1000, lng: Math.round(p.lng * 1000) / 1000 });

describe.each(testDbKinds)('place search across cells on %s', (kind) => {
  let t: TestDb;
  /** Each report's id, where, when (ms) and its vehicle's make. */
  const stored: { id: string; location: Point; at: number; make: string }[] = [];
  // On the minute, so that reports made for the same minute tie.
  const now = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

  beforeAll(async () => {
    t = await openTestDb(kind);
    expect(new Set([CENTRE, EAST, NORTH_WEST, SOUTH_WEST].map(geoCell)).size).toBe(4);
    expect(cellsAround(CENTRE, 10)).toContain(geoCell(SOUTH_WEST));
    expect(miles(CENTRE, SOUTH_WEST)).toBeGreaterThan(10);
    const planned: { location: Point; at: number; make: string }[] = [];
    const add = (location: Point, at: number, make = 'FORD') => planned.push({ location, at, make });
    // The dense cell: 70 reports, all 3 to 4 days old, two at each minute 25 minutes apart (ties within the cell), half
    // of them Hondas.
    for (let k = 0; k < 70; k++)
      add(
        { lat: CENTRE.lat + (k % 7) * 0.001, lng: CENTRE.lng + (k % 5) * 0.001 },
        now - 3 * DAY_MS - Math.floor(k / 2) * 25 * MINUTE_MS,
        k % 2 ? 'HONDA' : 'FORD',
      );
    // The sparse cells: newer than all of the dense cell's, one every 3 hours, then a few of 10 days ago.
    for (let k = 0; k < 8; k++) add(EAST, now - 2 * HOUR_MS - k * 3 * HOUR_MS, k % 3 ? 'FORD' : 'HONDA');
    for (let k = 0; k < 3; k++) add(NORTH_WEST, now - 10 * DAY_MS - k * HOUR_MS);
    // A month back, in the dense cell again: what a search for a make without dates reaches after its slices of time.
    for (let k = 0; k < 20; k++) add({ lat: CENTRE.lat - 0.002, lng: CENTRE.lng - (k % 4) * 0.001 }, now - 30 * DAY_MS - k * HOUR_MS, k % 2 ? 'HONDA' : 'FORD');
    // The same minute in three cells (one of the east cell's too): ids break the tie across cells and within one.
    for (const location of [CENTRE, EAST, NORTH_WEST, NORTH_WEST]) add(location, now - 5 * HOUR_MS, 'HONDA');
    // And the same minute as the newest of the dense cell.
    add(EAST, now - 3 * DAY_MS);
    add(NORTH_WEST, now - 3 * DAY_MS);
    // Newest of all, outside the radius: read, never found.
    for (let k = 0; k < 12; k++) add(SOUTH_WEST, now - HOUR_MS - k * 10 * MINUTE_MS);
    const batch = planned.map(({ location, at, make }, i) => ({
      source: 'merge',
      crashId: String(i),
      occurredAt: localIso(at, -360),
      state: 'TX',
      city: 'Austin',
      location,
      policeDepartment: 'Austin Police Department',
      units: [{ unit: 1, make }],
    }));
    expect((await ingestReports(t.db, batch)).rejected).toEqual([]);
    const { rows } = await t.db.query<{ id: string; crash_id: string }>("SELECT id, crash_id FROM report_ids WHERE source = 'merge'");
    for (const { id, crash_id: crashId } of rows) stored.push({ id, ...planned[Number(crashId)]! });
  }, STARTUP_MS);
  afterAll(() => t.close());

  /** What a full scan finds: newest first, ties by id in byte order (UTF-16 order is byte order for these ids). */
  const fullScan = ({ centre, radiusMiles }: { centre: Point; radiusMiles: number }, search: ReportSearch) => {
    const found = stored
      .filter((r) => miles(centre, shown(r.location)) <= radiusMiles)
      .filter((r) => !search.dates || (isoDay(r.at - 6 * HOUR_MS) >= search.dates.from && isoDay(r.at - 6 * HOUR_MS) <= search.dates.to))
      .filter((r) => !search.make || r.make === search.make)
      .sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1));
    return { count: Math.min(found.length, MAX_RESULTS), more: found.length > MAX_RESULTS, ids: found.slice(0, MAX_RESULTS).map((r) => r.id) };
  };

  const lastDays = (days: number, endingDaysAgo = 0) => ({
    from: isoDay(now - 6 * HOUR_MS - (endingDaysAgo + days - 1) * DAY_MS),
    to: isoDay(now - 6 * HOUR_MS - endingDaysAgo * DAY_MS),
  });

  it.each([
    ['the last 14 days, 10 miles', 10, { dates: lastDays(14) }],
    ['no dates', 10, {}],
    ['the last 14 days, 5 miles', 5, { dates: lastDays(14) }],
    ['14 days ending 2 days ago', 10, { dates: lastDays(14, 2) }],
    ['the last 3 days', 10, { dates: lastDays(3) }],
    ['a make', 10, { dates: lastDays(14), make: 'HONDA' }],
    ['a make, no dates', 10, { make: 'HONDA' }],
  ] as const)('lists the newest of all the cells: %s', async (_name, radiusMiles, options) => {
    const search: ReportSearch = { mode: { kind: 'place', centre: CENTRE, radiusMiles }, ...options };
    const found = await searchReports(t.db, search);
    const expected = fullScan({ centre: CENTRE, radiusMiles }, search);
    expect(expected.count).toBeGreaterThan(0);
    expect({ count: found.count, more: found.more, ids: found.results.map((r) => r.id) }).toEqual(expected);
  });

  it('puts the sparse cell’s newer reports before the dense cell’s, and breaks ties by id across cells', async () => {
    const found = await searchReports(t.db, { mode: { kind: 'place', centre: CENTRE, radiusMiles: 10 }, dates: lastDays(14) });
    const ids = found.results.map((r) => r.id);
    const at = new Map(stored.map((r) => [r.id, r]));
    // The 8 of the east cell and the 4 others of that minute come before any of the dense cell's.
    expect(ids.slice(0, 12).every((id) => at.get(id)!.at > now - DAY_MS)).toBe(true);
    const tied = ids.filter((id) => at.get(id)!.at === now - 5 * HOUR_MS);
    expect(tied).toHaveLength(5);
    expect(tied).toEqual([...tied].sort());
    expect(found.more).toBe(true);
  });
});
