// Matching equals a brute-force matcher: random alerts (created through the lead API, some then ended or expired) and
// random reports (VINs, case IDs written every way, pins at the radius' edges and cell corners, days and years at the
// edges of ±1 and ±2) ingested by the API's path or the import's, some of them again amended. Every (alert, report)
// pair that matches gets exactly one alert_texts row, whether on file at subscription or ingested later; no other. Then
// two examples: a report sent again is texted once; an ended or expired alert matches nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchReports } from '../../server/alerts/match-reports.ts';
import { miles } from '../../server/geo/distance.ts';
import type { Point } from '../../server/geo/gazetteer.ts';
import { importReports } from '../../server/reports/bulk-import.ts';
import { ingestReports } from '../../server/reports/ingest.ts';
import { ALERT_TEST_MS, type AlertAnswer, alertSubscriber } from '../testing/alerts.ts';
import { DAY_MS } from '../testing/fake-clock.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

/** Austin, and a grid cell's corner 3.5 miles away. */
const HUBS: Point[] = [
  { lat: 30.2672, lng: -97.7431 },
  { lat: 30.3, lng: -97.7 },
];
const VINS = ['1HGCM82633A004352', '1FTFW1ET9DFC10312', '5YJ3E1EA7KF317000'];
const FIRST_DAY = Date.now() - 20 * DAY_MS;
const dayOf = (n: number) => new Date(FIRST_DAY + n * DAY_MS).toISOString().slice(0, 10);

/** The point `distance` miles from p towards bearing (degrees), on a sphere. */
function destination(p: Point, bearing: number, distance: number): Point {
  const rad = Math.PI / 180;
  const d = distance / 3958.8;
  const lat = Math.asin(Math.sin(p.lat * rad) * Math.cos(d) + Math.cos(p.lat * rad) * Math.sin(d) * Math.cos(bearing * rad));
  const lng = p.lng * rad + Math.atan2(Math.sin(bearing * rad) * Math.sin(d) * Math.cos(p.lat * rad), Math.cos(d) - Math.sin(p.lat * rad) * Math.sin(lat));
  return { lat: lat / rad, lng: lng / rad };
}

const unitArb = fc.record({
  vin: fc.option(fc.constantFrom(...VINS), { nil: undefined }),
  make: fc.constantFrom('Ford', 'FORD', 'honda'),
  year: fc.option(fc.integer({ min: 2015, max: 2021 }), { nil: undefined }),
});
const reportArb = fc.record({
  hub: fc.nat(HUBS.length - 1),
  bearing: fc.double({ min: 0, max: 360, noNaN: true }),
  // The radius' edges (5 and 10 miles, ± a hundredth), or anywhere a little beyond the widest.
  distance: fc.oneof(fc.constantFrom(4.99, 5.01, 9.99, 10.01), fc.double({ min: 0, max: 12, noNaN: true })),
  day: fc.integer({ min: 0, max: 3 }),
  caseId: fc.option(fc.constantFrom('24-0042', '24 0042', '240042', 'apd-7'), { nil: undefined }),
  state: fc.constantFrom('TX', 'OK'),
  units: fc.array(unitArb, { minLength: 1, maxLength: 3 }),
});
type ReportCase = typeof reportArb extends fc.Arbitrary<infer T> ? T : never;

const alertArb = fc
  .record({
    vin: fc.option(fc.constantFrom(...VINS), { nil: undefined }),
    case: fc.option(fc.record({ caseId: fc.constantFrom('24-0042', 'APD 7', 'apd7'), state: fc.constantFrom('tx', 'TX', 'OK') }), { nil: undefined }),
    place: fc.option(
      fc.record({
        hub: fc.nat(HUBS.length - 1),
        radius: fc.constantFrom(5 as const, 10 as const),
        day: fc.integer({ min: 0, max: 3 }),
        make: fc.constantFrom('FORD', 'Honda'),
        year: fc.integer({ min: 2015, max: 2021 }),
      }),
      { nil: undefined },
    ),
    fate: fc.constantFrom('open', 'open', 'ended', 'expired'),
  })
  .filter((a) => a.vin !== undefined || a.case !== undefined || a.place !== undefined);
type AlertCase = typeof alertArb extends fc.Arbitrary<infer T> ? T : never;

const caseKey = (caseId: string) => caseId.toUpperCase().replace(/[\s-]/g, '');

/** Whether the alert matches the report, in plain TypeScript over the cases as generated. */
function matches(a: AlertCase, r: ReportCase): boolean {
  if (a.vin !== undefined && r.units.some((u) => u.vin === a.vin)) return true;
  if (a.case && r.caseId !== undefined && caseKey(a.case.caseId) === caseKey(r.caseId) && a.case.state.toUpperCase() === r.state) return true;
  const p = a.place;
  if (!p) return false;
  const at = destination(HUBS[r.hub] as Point, r.bearing, r.distance);
  return (
    miles(HUBS[p.hub] as Point, at) <= p.radius &&
    Math.abs(p.day - r.day) <= 1 &&
    r.units.some((u) => u.make.toUpperCase() === p.make.toUpperCase() && u.year !== undefined && Math.abs(u.year - p.year) <= 2)
  );
}

/** The report in the ingest format, under a crash id. */
const reportBody = (r: ReportCase, crashId: string) => ({
  source: 'alerts-property',
  crashId,
  ...(r.caseId !== undefined && { caseId: r.caseId }),
  occurredAt: `${dayOf(r.day)}T12:00:00-06:00`,
  state: r.state,
  city: 'Austin',
  location: destination(HUBS[r.hub] as Point, r.bearing, r.distance),
  policeDepartment: 'PD',
  units: r.units.map((u, i) => ({ unit: i + 1, make: u.make, ...(u.vin && { vin: u.vin }), ...(u.year !== undefined && { year: u.year }) })),
});

/** The alert in the lead body's format. */
const alertBody = (a: AlertCase) => ({
  source: 'notify-me',
  ...(a.vin !== undefined && { vin: a.vin }),
  ...(a.case && { caseId: a.case.caseId, state: a.case.state }),
  ...(a.place && { location: HUBS[a.place.hub], radius: a.place.radius, date: dayOf(a.place.day), make: a.place.make, year: a.place.year }),
});

describe.each(testDbKinds)('matching against a brute-force matcher on %s', (kind) => {
  let s: TestServer;
  let subscriber: Awaited<ReturnType<typeof alertSubscriber>>;
  let crash = 0;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    subscriber = await alertSubscriber(s);
  }, STARTUP_MS);
  afterAll(() => s.close());

  const reportIds = async (crashIds: string[]) => {
    const { rows } = await s.db.query<{ id: string; crash_id: string }>('SELECT id, crash_id FROM reports WHERE crash_id = ANY($1::text[])', [crashIds]);
    return new Map(rows.map((r) => [r.crash_id, r.id]));
  };

  it('texts every matching pair once, on file or ingested later, amended or not, and no other', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(reportArb, { maxLength: 12 }),
        fc.array(alertArb, { minLength: 1, maxLength: 6 }),
        fc.array(reportArb, { maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), reportArb), { maxLength: 4 }),
        fc.boolean(),
        async (before, alerts, after, amendments, byImport) => {
          // Each run on its own: no report and no open alert of an earlier run.
          await s.db.query('DELETE FROM reports');
          await s.db.query('UPDATE alerts SET ended_at = now() WHERE ended_at IS NULL');
          const beforeIds = before.map(() => `P-${++crash}`);
          expect(
            (
              await ingestReports(
                s.db,
                before.map((r, i) => reportBody(r, beforeIds[i] ?? '')),
              )
            ).rejected,
          ).toEqual([]);
          const ids = await reportIds(beforeIds);

          const expected = new Set<string>();
          const answers: AlertAnswer[] = [];
          for (const a of alerts) {
            const answer = await subscriber.subscribe(alertBody(a));
            answers.push(answer);
            const onFile = before.flatMap((r, i) => {
              if (!matches(a, r)) return [];
              const id = ids.get(beforeIds[i] ?? '') ?? '';
              expected.add(`${answer.id} ${id}`);
              // By its VIN or case ID, a link with a proof standing for it; by its pin alone, the bare report link.
              const byFact = matches({ ...a, place: undefined }, r);
              const path: unknown = byFact ? expect.stringMatching(new RegExp(`^/accident/${id}\\?proof=[\\w.-]+$`)) : `/accident/${id}`;
              return [{ id, path: path as string }];
            });
            expect(sorted(answer.onFile)).toEqual(sorted(onFile));
          }
          const ended = answers.filter((_, i) => alerts[i]?.fate === 'ended').map((x) => x.id);
          const expired = answers.filter((_, i) => alerts[i]?.fate === 'expired').map((x) => x.id);
          await s.db.query('UPDATE alerts SET ended_at = now() WHERE id = ANY($1::text[])', [ended]);
          await s.db.query("UPDATE alerts SET expires_at = now() - interval '1 second' WHERE id = ANY($1::text[])", [expired]);

          // New reports, and some of the first ones sent again with other contents.
          const later = [
            ...after.map((r) => ({ r, crashId: `P-${++crash}` })),
            ...(before.length === 0 ? [] : amendments.map(([n, r]) => ({ r, crashId: beforeIds[n % before.length] ?? '' }))),
          ];
          const unique = [...new Map(later.map((x) => [x.crashId, x])).values()];
          const bodies = unique.map(({ r, crashId }) => reportBody(r, crashId));
          const rejected = byImport ? (await importReports(s.db, bodies)).rejected : (await ingestReports(s.db, bodies)).rejected.length;
          expect(rejected).toBe(0);
          const laterIds = await reportIds(unique.map((x) => x.crashId));
          alerts.forEach((a, i) => {
            if (a.fate !== 'open') return;
            for (const { r, crashId } of unique) if (matches(a, r)) expected.add(`${answers[i]?.id} ${laterIds.get(crashId)}`);
          });

          const { rows } = await s.db.query<{ pair: string }>("SELECT alert_id || ' ' || report_id AS pair FROM alert_texts WHERE alert_id = ANY($1::text[])", [
            answers.map((x) => x.id),
          ]);
          expect(rows.map((x) => x.pair).sort()).toEqual([...expected].sort());
          // Matching the same reports again adds nothing.
          expect(await s.db.transaction((tx) => matchReports(tx, [...ids.values(), ...laterIds.values()]))).toBe(0);
        },
      ),
      { numRuns: kind === 'pglite' ? 40 : 25 },
    );
  }, 240_000);
});

describe.each(testDbKinds)('matching examples on %s', { timeout: ALERT_TEST_MS }, (kind) => {
  let s: TestServer;
  let subscriber: Awaited<ReturnType<typeof alertSubscriber>>;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    subscriber = await alertSubscriber(s);
  }, STARTUP_MS);
  afterAll(() => s.close());

  const report = (crashId: string, vin: string, narrative = 'First account.') => ({
    source: 'alerts-example',
    crashId,
    occurredAt: `${dayOf(1)}T12:00:00-06:00`,
    state: 'TX',
    city: 'Austin',
    location: HUBS[0],
    policeDepartment: 'PD',
    narrative,
    units: [{ unit: 1, vin, make: 'FORD', year: 2018 }],
  });
  const textsOf = async (alertId: string) => (await s.db.query<{ report_id: string }>('SELECT report_id FROM alert_texts WHERE alert_id = $1', [alertId])).rows;

  it('texts a report sent again (amended) once', async () => {
    const alert = await subscriber.subscribe({ source: 'notify-me', vin: '1FTFW1ET9DFC20001' });
    await ingestReports(s.db, [report('A-1', '1FTFW1ET9DFC20001')]);
    await ingestReports(s.db, [report('A-1', '1FTFW1ET9DFC20001', 'Amended account.')]);
    await importReports(s.db, [report('A-1', '1FTFW1ET9DFC20001', 'Amended again.')]);
    expect(await textsOf(alert.id)).toHaveLength(1);
  });

  it('never matches an alert that ended or whose time is up', async () => {
    const ended = await subscriber.subscribe({ source: 'notify-me', vin: '1FTFW1ET9DFC20002' });
    const expired = await subscriber.subscribe({ source: 'notify-me', vin: '1FTFW1ET9DFC20002' });
    await s.db.query('UPDATE alerts SET ended_at = now() WHERE id = $1', [ended.id]);
    await s.db.query("UPDATE alerts SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    await ingestReports(s.db, [report('A-2', '1FTFW1ET9DFC20002')]);
    await importReports(s.db, [report('A-3', '1FTFW1ET9DFC20002')]);
    expect([...(await textsOf(ended.id)), ...(await textsOf(expired.id))]).toEqual([]);
  });
});

const sorted = (xs: { id: string; path: string }[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));
