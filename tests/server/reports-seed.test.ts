// Synthetic reports (npm run reports:seed, the demo set): valid in the ingest format, VINs with the right check digit
// and model year, makes of the makes list, times in the window, big cities first; the same seed, the same reports.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vinCheckDigitMatches } from '../../engine/validators.ts';
import { seedDemoReports } from '../../server/reports/demo-reports.ts';
import { prepareReport } from '../../server/reports/prepare-report.ts';
import type { ReportInput } from '../../server/reports/report-input.ts';
import { reportPlaces } from '../../server/reports/report-places.ts';
import { syntheticReports } from '../../server/reports/synthetic/synthetic-reports.ts';
import { openTestDb, STARTUP_MS, type TestDb } from '../testing/test-db.ts';

const MAKES = new Set(JSON.parse(readFileSync(new URL('../../widgets/locate/vehicle-makes.json', import.meta.url), 'utf8')) as string[]);
const NOW = Date.UTC(2026, 10, 20, 15, 0);
const DAY_MS = 86_400_000;
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

describe('synthetic reports', () => {
  let reports: ReportInput[];
  beforeAll(async () => {
    reports = [...(await syntheticReports({ count: 2000, days: 30, seed: 'test', source: 'synthetic', now: NOW }))];
  }, STARTUP_MS);

  it('are all valid reports of the ingest format', async () => {
    const places = await reportPlaces();
    const problems = reports.flatMap((r) => {
      const prepared = prepareReport(r, { places, now: NOW });
      return prepared.ok ? [] : [[r.crashId, prepared.errors]];
    });
    expect(problems).toEqual([]);
  });

  it('have VINs with the right check digit and model-year character, of makes in the makes list', () => {
    const units = reports.flatMap((r) => r.units);
    expect(units.length).toBeGreaterThan(reports.length);
    for (const u of units) {
      expect(u.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vinCheckDigitMatches(u.vin ?? ''), u.vin).toBe(true);
      expect(u.vin?.[9]).toBe(YEAR_CODES[((u.year ?? 0) - 1980) % 30]);
      expect(MAKES.has(u.make), u.make).toBe(true);
      expect(u.year).toBeGreaterThanOrEqual(1981);
      expect(u.year).toBeLessThanOrEqual(2027);
    }
    expect(new Set(units.map((u) => u.vin)).size).toBe(units.length);
    // Common makes most of the time, with their models.
    expect(units.filter((u) => ['TOYOTA', 'FORD', 'CHEVROLET', 'HONDA'].includes(u.make)).length / units.length).toBeGreaterThan(0.35);
    expect(units.filter((u) => u.model === undefined).length / units.length).toBeLessThan(0.05);
  });

  it('happen in the last 30 days, never after now, more in the evening rush than at night', () => {
    const times = reports.map((r) => Date.parse(r.occurredAt));
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW);
    expect(Math.min(...times)).toBeGreaterThan(NOW - 31 * DAY_MS);
    const hour = (r: ReportInput) => Number(r.occurredAt.slice(11, 13));
    expect(reports.filter((r) => hour(r) === 17).length).toBeGreaterThan(2 * reports.filter((r) => hour(r) === 3).length);
  });

  it('are spread over the country by city size', async () => {
    const { cities } = await reportPlaces();
    const big = new Set(
      [...cities]
        .sort((a, b) => b.size - a.size)
        .slice(0, 200)
        .map((c) => `${c.state}|${c.city}`),
    );
    expect(reports.filter((r) => big.has(`${r.state}|${r.city}`)).length / reports.length).toBeGreaterThan(0.12);
    expect(new Set(reports.map((r) => r.state)).size).toBeGreaterThan(30);
  });

  it('are the same for the same seed, and others for another', async () => {
    const again = [...(await syntheticReports({ count: 50, days: 30, seed: 'test', source: 'synthetic', now: NOW }))];
    expect(again).toEqual(reports.slice(0, 50));
    const other = [...(await syntheticReports({ count: 50, days: 30, seed: 'other', source: 'synthetic', now: NOW }))];
    expect(other.map((r) => r.units[0]?.vin)).not.toEqual(again.map((r) => r.units[0]?.vin));
  });
});

describe('the demo set', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('pglite');
  }, STARTUP_MS);
  afterAll(() => t.close());

  it('is seeded into an empty store only, labelled demo, crowded enough in big cities to find some there', async () => {
    expect(await seedDemoReports(t.db, { now: NOW, count: 300 })).toBe(300);
    expect(await seedDemoReports(t.db, { now: NOW, count: 300 })).toBe(0);
    const { rows } = await t.db.query<{ n: number; demo: number; first: Date }>(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE demo AND source = 'demo')::int AS demo, min(occurred_at) AS first FROM reports",
    );
    expect(rows[0]).toMatchObject({ n: 300, demo: 300 });
    expect(rows[0]?.first.getTime()).toBeGreaterThan(NOW - 31 * DAY_MS);
    const { rows: near } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM reports WHERE (city, state) IN (('Houston', 'TX'), ('New York', 'NY'), ('Dallas', 'TX'), ('Atlanta', 'GA'))",
    );
    expect(near[0]?.n).toBeGreaterThan(10);
  });
});
