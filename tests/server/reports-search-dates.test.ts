// GET /api/reports/search uses what the locating wizard asks: the date (from/to) narrows a VIN or case-ID search, and a
// report of that VIN or case on another date is named (otherDates) instead of dropped without a word; the city and state
// put a VIN's reports there first; distanceMiles says no more than the rounded public location does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchResponseSchema from '../../schemas/api/reports-search.response.schema.json' with { type: 'json' };
import { EARTH_RADIUS_MILES, miles } from '../../server/geo/distance.ts';
import { storeReport } from '../testing/report-store.ts';
import { sampleReport } from '../testing/reports.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

interface Result {
  id: string;
  occurredAt: string;
  city: string;
  state: string;
  location: { lat: number; lng: number };
  distanceMiles?: number;
}
interface Answer {
  count: number;
  more: boolean;
  results: Result[];
  otherDates?: Result[];
}

/** VINs of these tests' own (check digits right), so other files' reports never match. */
const VIN = '3VWFE21C04M000001';
const FLEET_VIN = '1FTFW1ET5EFA00002';
const CASE = 'APD-25-9001';
/** A report's units with one VIN of ours. */
const unitsWith = (vin: string) => [{ unit: 1, vin, make: 'VOLKSWAGEN', model: 'Jetta', year: 2004, driver: { firstName: 'Ana', lastName: 'Ruiz' } }];
/** Where the distance tests' reports are: two crashes 30 m apart, both shown at (35.468, -97.516). */
const SHOWN = { lat: 35.468, lng: -97.516 };
const MILES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_MILES;

describe.each(testDbKinds)('report search by what the wizard asks, on %s', (kind) => {
  let s: TestServer;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    const reports: Record<string, Record<string, unknown>> = {
      // The accident of the issue: Nov 7 in Austin, by VIN and by case ID.
      nov7: sampleReport({ caseId: CASE, occurredAt: '2025-11-07T17:30:00-06:00', units: unitsWith(VIN) }),
      // The same car's earlier crash in Dallas, and another agency's case of the same number in Oklahoma.
      oct1: sampleReport({
        caseId: 'DPD-25-1',
        occurredAt: '2025-10-01T08:00:00-05:00',
        city: 'Dallas',
        zip: '75201',
        location: { lat: 32.7767, lng: -96.797 },
        units: unitsWith(VIN),
      }),
      tulsaCase: sampleReport({
        caseId: CASE,
        occurredAt: '2025-11-27T09:00:00-06:00',
        state: 'OK',
        county: 'Tulsa',
        city: 'Tulsa',
        zip: '74103',
        location: { lat: 36.154, lng: -95.9928 },
        units: unitsWith('1G1ZT53826F000003'),
      }),
      // A fleet truck's three crashes: Tulsa the newest, then Dallas, then Austin.
      fleetTulsa: sampleReport({
        occurredAt: '2025-06-16T10:00:00-05:00',
        state: 'OK',
        county: 'Tulsa',
        city: 'Tulsa',
        zip: '74103',
        location: { lat: 36.154, lng: -95.9928 },
        units: unitsWith(FLEET_VIN),
      }),
      fleetDallas: sampleReport({
        occurredAt: '2025-06-14T10:00:00-05:00',
        city: 'Dallas',
        zip: '75201',
        location: { lat: 32.7767, lng: -96.797 },
        units: unitsWith(FLEET_VIN),
      }),
      fleetAustin: sampleReport({ occurredAt: '2025-06-10T10:00:00-05:00', units: unitsWith(FLEET_VIN) }),
      // 30 m apart in Oklahoma City, the same public location once rounded.
      north: sampleReport({
        occurredAt: '2025-09-10T10:00:00-05:00',
        state: 'OK',
        county: 'Oklahoma',
        city: 'Oklahoma City',
        zip: '73102',
        location: { lat: 35.4682, lng: -97.5162 },
      }),
      south: sampleReport({
        occurredAt: '2025-09-10T11:00:00-05:00',
        state: 'OK',
        county: 'Oklahoma',
        city: 'Oklahoma City',
        zip: '73102',
        location: { lat: 35.4678, lng: -97.5158 },
      }),
      // Just south of a grid cell's edge (35.4°), shown just north of it.
      edge: sampleReport({
        occurredAt: '2025-09-10T12:00:00-05:00',
        state: 'OK',
        county: 'Caddo',
        city: 'Hinton',
        zip: '73047',
        location: { lat: 35.39996, lng: -98.5 },
      }),
    };
    for (const [name, report] of Object.entries(reports)) ids[name] = await storeReport(s.db, report);
  }, STARTUP_MS);
  afterAll(() => s.close());

  const search = async (query: Record<string, string>): Promise<Answer> => {
    const res = await s.app.inject({ url: `/api/reports/search?${new URLSearchParams(query).toString()}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Answer>();
    expect(schemaErrors(searchResponseSchema, body)).toEqual([]);
    return body;
  };
  const namesOf = (results: Result[] = []) => results.map((r) => Object.keys(ids).find((name) => ids[name] === r.id) ?? r.id);

  it('finds a VIN on a date given with 3 days either side, and not outside them', async () => {
    // The wizard's window for Nov 4, Nov 7 and Nov 10: each holds the 7th.
    for (const [from, to] of [
      ['2025-11-01', '2025-11-07'],
      ['2025-11-04', '2025-11-10'],
      ['2025-11-07', '2025-11-13'],
    ]) {
      const found = await search({ vin: VIN, from: from!, to: to! });
      expect(namesOf(found.results), `${from}..${to}`).toEqual(['nov7']);
      expect(found).not.toHaveProperty('otherDates');
    }
    expect((await search({ vin: VIN, from: '2025-11-08', to: '2025-11-14' })).count).toBe(0);
  });

  it('answers no results for a date 3+ days off, but names the reports of that VIN on other dates, nearest first', async () => {
    // The case: dated Nov 28 (Nov 25 - Dec 1), the VIN's report is of Nov 7.
    const answer = await search({ vin: VIN, from: '2025-11-25', to: '2025-12-01' });
    expect(answer).toMatchObject({ count: 0, more: false, results: [] });
    expect(namesOf(answer.otherDates)).toEqual(['nov7', 'oct1']);
    expect(answer.otherDates?.[0]).toMatchObject({
      occurredAt: '2025-11-07T17:30:00-06:00',
      city: 'Austin',
      state: 'TX',
      location: { lat: 30.267, lng: -97.743 },
    });
    // Public facts only, as results are.
    const text = JSON.stringify(answer.otherDates);
    for (const personal of [VIN, CASE, 'Ruiz', '6th St', 'red light']) expect(text).not.toContain(personal);
    // Before both: the nearer date first is Oct 1's turn to be nearest.
    expect(namesOf((await search({ vin: VIN, from: '2025-09-01', to: '2025-09-07' })).otherDates)).toEqual(['oct1', 'nov7']);
    // A VIN no report has: nothing on any date.
    expect(await search({ vin: '1HGCM82633A000009', from: '2025-11-25', to: '2025-12-01' })).toEqual({ count: 0, more: false, results: [], otherDates: [] });
    // Without dates there is no other date: every report of the VIN is a result.
    expect(await search({ vin: VIN })).not.toHaveProperty('otherDates');
  });

  it("narrows a case ID by its date within its state, and names the case's other dates in that state only", async () => {
    expect(namesOf((await search({ caseId: 'apd 25 9001', state: 'TX', from: '2025-11-04', to: '2025-11-10' })).results)).toEqual(['nov7']);
    const off = await search({ caseId: CASE, state: 'TX', from: '2025-11-25', to: '2025-12-01' });
    expect(off.count).toBe(0);
    // Tulsa's case of the same number is on those dates, but in another state.
    expect(namesOf(off.otherDates)).toEqual(['nov7']);
    expect(namesOf((await search({ caseId: CASE, state: 'OK', from: '2025-11-25', to: '2025-12-01' })).results)).toEqual(['tulsaCase']);
    expect((await search({ caseId: CASE, city: 'Tulsa', from: '2025-11-01', to: '2025-11-10' })).otherDates?.map((r) => r.city)).toEqual(['Tulsa']);
  });

  it("puts a VIN's reports in the city and state given first, then the state's, then the others, newest first in each", async () => {
    expect(namesOf((await search({ vin: FLEET_VIN })).results)).toEqual(['fleetTulsa', 'fleetDallas', 'fleetAustin']);
    expect(namesOf((await search({ vin: FLEET_VIN, city: 'austin', state: 'tx' })).results)).toEqual(['fleetAustin', 'fleetDallas', 'fleetTulsa']);
    expect(namesOf((await search({ vin: FLEET_VIN, state: 'TX' })).results)).toEqual(['fleetDallas', 'fleetAustin', 'fleetTulsa']);
    expect(namesOf((await search({ vin: FLEET_VIN, city: 'Tulsa', state: 'OK' })).results)).toEqual(['fleetTulsa', 'fleetDallas', 'fleetAustin']);
    // They rank, never narrow: a city the VIN has no report in still finds its reports.
    expect((await search({ vin: FLEET_VIN, city: 'Houston', state: 'TX', from: '2025-06-01', to: '2025-06-30' })).count).toBe(3);
    const res = await s.app.inject({ url: `/api/reports/search?vin=${FLEET_VIN}&state=ZZ` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'state' });
  });

  it('gives distanceMiles from the rounded public location to 0.1 mile: reports shown at one place answer alike from anywhere', async () => {
    const days = { from: '2025-09-01', to: '2025-09-30' };
    /** A centre `d` miles due north of the shown location. */
    const northOf = (d: number) => ({ lat: String(SHOWN.lat + d / MILES_PER_DEGREE), lng: String(SHOWN.lng) });
    // Through the radius's edge (the two crashes are 0.014 mi either side of the shown place) and across 0.1-mile steps.
    const distances = [0, 0.01, 0.02, 0.05, 1.04, 3.04, 3.06, 4.96, 4.99, 5.005, 5.02, 7.5, 9.97, 9.99, 9.995, 10.005, 10.01, 10.03];
    for (const d of distances) {
      for (const radius of ['5', '10']) {
        const centre = northOf(d);
        const { results } = await search({ ...centre, radius, ...days });
        const ours = results.filter((r) => r.id === ids.north || r.id === ids.south);
        const inside = Number(d) <= Number(radius);
        expect(ours.length, `${d} mi, radius ${radius}`).toBe(inside ? 2 : 0);
        for (const r of ours) {
          expect(r.location).toEqual(SHOWN);
          const fromShown = Math.round(miles({ lat: Number(centre.lat), lng: Number(centre.lng) }, SHOWN) * 10) / 10;
          expect(r.distanceMiles, `${d} mi`).toBe(fromShown);
        }
      }
    }
    // A report shown on a grid cell's edge, in the cell south of it: found by the cells around its public location.
    for (const [d, found] of [
      [9.99, true],
      [10.01, false],
    ] as const) {
      const centre = { lat: String(35.4 + d / MILES_PER_DEGREE), lng: '-98.5' };
      const { results } = await search({ ...centre, radius: '10', ...days });
      expect(
        results.filter((r) => r.id === ids.edge).map((r) => [r.location, r.distanceMiles]),
        `${d} mi`,
      ).toEqual(found ? [[{ lat: 35.4, lng: -98.5 }, 10]] : []);
    }
  });
});
