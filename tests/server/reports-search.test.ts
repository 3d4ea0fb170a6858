// GET /api/reports/search: by a VIN, by a case number with its state or city, near a point or a city in a date
// window; filters by make and year; public facts only; a 400 naming the parameter for a search that cannot be run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchResponseSchema from '../../schemas/api/reports-search.response.schema.json' with { type: 'json' };
import { ingestReports } from '../../server/reports/ingest.ts';
import { localIso, sampleReport } from '../testing/reports.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

interface Result {
  id: string;
  occurredAt: string;
  city: string;
  state: string;
  location: { lat: number; lng: number };
  vehicles: { make: string; model?: string; year?: number }[];
  distanceMiles?: number;
  demo: boolean;
}

const DAY_MS = 86_400_000;
/** A VIN of these tests' own (check digit right), so other files' reports never match. */
const VIN = '2T1BURHE0JC123456';
const DOWNTOWN = { lat: 30.2672, lng: -97.7431 };

describe.each(testDbKinds)('report search on %s', (kind) => {
  let s: TestServer;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    const reports = {
      recent: sampleReport({ caseId: 'APD-24-777', occurredAt: localIso(Date.now() - 2 * DAY_MS, -360), location: DOWNTOWN }),
      // 8 miles north of downtown Austin, 3 days ago.
      north: sampleReport({
        caseId: 'APD-24-778',
        occurredAt: localIso(Date.now() - 3 * DAY_MS, -360),
        location: { lat: DOWNTOWN.lat + 0.116, lng: DOWNTOWN.lng },
      }),
      old: sampleReport({
        caseId: 'APD-24-777',
        occurredAt: localIso(Date.now() - 40 * DAY_MS, -360),
        city: 'Round Rock',
        location: { lat: 30.5083, lng: -97.6789 },
      }),
      dallas: sampleReport({ caseId: 'APD-24-777', state: 'TX', city: 'Dallas', location: { lat: 32.7767, lng: -96.797 } }),
    };
    (reports.recent.units as Record<string, unknown>[])[0]!.vin = VIN;
    (reports.old.units as Record<string, unknown>[])[1]!.vin = VIN;
    for (const [name, report] of Object.entries(reports)) {
      await ingestReports(s.db, [report]);
      const { rows } = await s.db.query<{ id: string }>('SELECT id FROM reports WHERE crash_id = $1', [report.crashId]);
      ids[name] = rows[0]?.id ?? '';
    }
  }, STARTUP_MS);
  afterAll(() => s.close());

  const search = async (query: Record<string, string>) => {
    const res = await s.app.inject({ url: `/api/reports/search?${new URLSearchParams(query).toString()}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ count: number; results: Result[] }>();
    expect(schemaErrors(searchResponseSchema, body)).toEqual([]);
    return body;
  };
  const namesOf = (results: Result[]) => results.map((r) => Object.keys(ids).find((name) => ids[name] === r.id) ?? r.id);

  it('finds every report with a vehicle of that VIN, any case, newest first, with no personal data', async () => {
    const { count, results } = await search({ vin: VIN.toLowerCase() });
    expect(count).toBe(2);
    expect(namesOf(results)).toEqual(['recent', 'old']);
    const [first] = results;
    expect(first).toMatchObject({ city: 'Austin', state: 'TX', location: { lat: 30.267, lng: -97.743 }, demo: false });
    expect(first?.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/);
    expect(first?.vehicles).toEqual([
      { make: 'HONDA', model: 'Accord', year: 2003, damageArea: 'front' },
      { make: 'FORD', model: 'F-150', year: 2013, damageArea: 'left' },
    ]);
    const text = JSON.stringify(results);
    for (const personal of [VIN, 'Maria', 'Lopez', 'APD', '6th St', 'red light', 'Capital Towing', 'crash']) expect(text).not.toContain(personal);
    expect((await search({ vin: VIN, from: localIso(Date.now() - 10 * DAY_MS, 0).slice(0, 10) })).count).toBe(1);
  });

  it('finds a case number however it is typed, in the state or the city given', async () => {
    expect(namesOf((await search({ caseId: 'apd 24 777', state: 'tx' })).results)).toEqual(['dallas', 'recent', 'old']);
    expect(namesOf((await search({ caseId: 'APD24777', city: 'round rock' })).results)).toEqual(['old']);
    expect(namesOf((await search({ caseId: 'APD-24-777', state: 'TX', city: 'Dallas' })).results)).toEqual(['dallas']);
    expect((await search({ caseId: 'APD-24-777', state: 'OK' })).count).toBe(0);
  });

  it('finds reports near a point within the radius and the last 14 days by default, with their distance', async () => {
    const near = await search({ lat: String(DOWNTOWN.lat), lng: String(DOWNTOWN.lng) });
    expect(namesOf(near.results)).toEqual(['recent', 'north']);
    expect(near.results.map((r) => r.distanceMiles)).toEqual([0, 8]);
    expect(namesOf((await search({ lat: String(DOWNTOWN.lat), lng: String(DOWNTOWN.lng), radius: '5' })).results)).toEqual(['recent']);
    const wider = await search({ lat: '30.4', lng: '-97.7', from: localIso(Date.now() - 60 * DAY_MS, 0).slice(0, 10) });
    expect(namesOf(wider.results)).toEqual(['recent', 'north', 'old']);
  });

  it("finds reports near a city's middle", async () => {
    expect(namesOf((await search({ city: 'austin', state: 'tx' })).results)).toEqual(['recent', 'north']);
    expect((await search({ city: 'Houston', state: 'TX' })).count).toBe(0);
  });

  it('keeps reports with a vehicle of that make and year (exact or within two years)', async () => {
    const point = { lat: String(DOWNTOWN.lat), lng: String(DOWNTOWN.lng) };
    expect((await search({ ...point, make: 'honda' })).count).toBe(2);
    expect((await search({ ...point, make: 'honda', year: '2003' })).count).toBe(2);
    expect((await search({ ...point, make: 'honda', year: '2005' })).count).toBe(0);
    expect((await search({ ...point, make: 'honda', year: '2005', yearMatch: 'approx' })).count).toBe(2);
    // Make and year of one and the same vehicle: the Ford is of 2013.
    expect((await search({ ...point, make: 'ford', year: '2003' })).count).toBe(0);
    expect((await search({ ...point, make: 'ford', year: '2013' })).count).toBe(2);
  });

  it.each([
    [{}, 'vin'],
    [{ vin: 'TOO-SHORT' }, 'vin'],
    [{ vin: VIN, caseId: '1' }, 'caseId'],
    [{ vin: VIN, lat: '30', lng: '-97' }, 'lat'],
    [{ caseId: '24-777' }, 'caseId'],
    [{ caseId: '--', state: 'TX' }, 'caseId'],
    [{ caseId: '1', state: 'ZZ' }, 'state'],
    [{ lat: '30.2' }, 'lng'],
    [{ lng: '-97.7' }, 'lat'],
    [{ lat: '91', lng: '0' }, 'lat'],
    [{ lat: '30', lng: '-181' }, 'lng'],
    [{ lat: 'x', lng: '0' }, 'lat'],
    [{ lat: '30', lng: '-97', city: 'Austin', state: 'TX' }, 'city'],
    [{ city: 'Austin' }, 'state'],
    [{ city: 'Atlantis', state: 'TX' }, 'city'],
    [{ city: 'Austin', state: 'TX', radius: '25' }, 'radius'],
    [{ city: 'Austin', state: 'TX', from: '2026-02-30' }, 'from'],
    [{ city: 'Austin', state: 'TX', to: '2026/01/01' }, 'to'],
    [{ city: 'Austin', state: 'TX', from: '2026-02-01', to: '2026-01-01' }, 'from'],
    [{ city: 'Austin', state: 'TX', year: '1899' }, 'year'],
    [{ city: 'Austin', state: 'TX', year: String(new Date().getUTCFullYear() + 2) }, 'year'],
    [{ city: 'Austin', state: 'TX', yearMatch: 'approx' }, 'yearMatch'],
    [{ city: 'Austin', state: 'TX', yearMatch: 'close', year: '2000' }, 'yearMatch'],
    [{ city: 'Austin', state: 'TX', near: 'me' }, 'near'],
    [{ caseId: 'a\u0000', state: 'TX' }, 'caseId'],
  ])('refuses %j with a 400 naming %s', async (query, field) => {
    const res = await s.app.inject({ url: `/api/reports/search?${new URLSearchParams(query).toString()}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(res.json<{ message: string }>().message).toContain(field);
  });
});
