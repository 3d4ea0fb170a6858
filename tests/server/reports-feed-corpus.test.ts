// `npm run reports:import` on three agencies' exports as they spell them (tests/fixtures/report-feeds, written by
// scripts/report-feed-fixtures.ts): a Texas CRIS-like NDJSON ("3 - RAIN", "W - WHITE"), a Florida-like CSV ("Dark-Not
// Lighted", "Deployed-Front") and a Georgia-like NDJSON of MMUCC numbers ("07", "F"). Every report is stored; the
// summary counts the warnings and shows them: VINs one character short, a road "Debris", a damage area "16", a gender "X".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { reportsImportCommand } from '../../server/reports/cli/reports-import.ts';
import { runCommand } from '../testing/cli.ts';

const FEEDS = join('tests', 'fixtures', 'report-feeds');

describe('importing agency exports as they spell them', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'claimflow-feed-corpus-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const importFile = (name: string) => runCommand(reportsImportCommand, [join(FEEDS, name)], { DATA_DIR: dataDir, DEMO_REPORTS: 'off' });
  /** The summary's lines, its time and rate taken out. */
  const summary = (stderr: string) =>
    stderr
      .trimEnd()
      .split('\n')
      .map((line) => line.replace(/ in \d+\.\d s \([\d,]+\/s\)/, ''));

  it('stores every report of a Texas CRIS-like export, warning of the VINs one character short', async () => {
    const out = await importFile('tx-cris-like.ndjson');
    expect(summary(out.stderr)).toEqual([
      '150 reports read: 150 new, 0 updated, 0 rejected, 3 warnings',
      expect.stringMatching(
        /^ {2}warning, record 11: \/units\/0\/vin "[0-9A-Z]{16}" is not a VIN of 17 characters without I, O or Q: kept as text, not searchable$/,
      ),
      expect.stringMatching(/^ {2}warning, record 61: \/units\/0\/vin "[0-9A-Z]{16}" is not a VIN/),
      expect.stringMatching(/^ {2}warning, record 111: \/units\/0\/vin "[0-9A-Z]{16}" is not a VIN/),
    ]);
    expect(out.status).toBe(0);
  });

  it('stores every report of a Florida-like CSV export, warning of a road surface no code has', async () => {
    const out = await importFile('fl-like.csv');
    expect(summary(out.stderr)).toEqual([
      '120 reports read: 120 new, 0 updated, 0 rejected, 2 warnings',
      '  warning, record 34: /roadCondition "Debris" is none of the roadCondition codes: stored as other, its text kept',
      '  warning, record 78: /roadCondition "Debris" is none of the roadCondition codes: stored as other, its text kept',
    ]);
    expect(out.status).toBe(0);
  });

  it('stores every report of an export of MMUCC numbers and letters, warning of what no code has', async () => {
    const out = await importFile('ga-mmucc-codes.ndjson');
    expect(summary(out.stderr)).toEqual([
      '100 reports read: 100 new, 0 updated, 0 rejected, 3 warnings',
      '  warning, record 21: /units/0/damageArea "16" is none of the damageArea codes: stored as other, its text kept',
      '  warning, record 46: /units/0/driver/gender "X" is none of the gender codes: stored as other, its text kept',
      '  warning, record 61: /units/0/damageArea "16" is none of the damageArea codes: stored as other, its text kept',
    ]);
    expect(out.status).toBe(0);
  });

  it("stored them with the format's values, other only where warned, and the short VINs out of the search", async () => {
    const db: Db = await openPgliteDb(dataDir);
    try {
      const count = async (sql: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports r ${sql}`)).rows[0]?.n;
      expect(await count('')).toBe(370);
      // Every export gave weather, road and light: each was read as a value of the format, other only for "Debris".
      expect(await count('WHERE weather IS NULL OR road_condition IS NULL OR light IS NULL')).toBe(0);
      expect(await count("WHERE weather = 'other' OR light = 'other'")).toBe(0);
      expect((await db.query("SELECT road_condition, road_condition_text FROM reports WHERE road_condition = 'other'")).rows).toEqual([
        { road_condition: 'other', road_condition_text: 'Debris' },
        { road_condition: 'other', road_condition_text: 'Debris' },
      ]);
      const { rows: values } = await db.query<{ field: string; value: string | null; n: number }>(
        `SELECT 'weather' AS field, weather AS value, count(*)::int AS n FROM reports GROUP BY weather
         UNION ALL SELECT 'light', light, count(*)::int FROM reports GROUP BY light
         UNION ALL SELECT 'damageArea', v->>'damageArea', count(*)::int FROM reports, json_array_elements(vehicles) v GROUP BY v->>'damageArea'
         UNION ALL SELECT 'gender', v#>>'{driver,gender}', count(*)::int FROM reports, json_array_elements(vehicles) v GROUP BY v#>>'{driver,gender}'
         UNION ALL SELECT 'seatbelt', v->>'seatbelt', count(*)::int FROM reports, json_array_elements(vehicles) v GROUP BY v->>'seatbelt'`,
      );
      const seen = (field: string) =>
        values
          .filter((r) => r.field === field)
          .map((r) => r.value ?? 'null')
          .sort();
      expect(seen('weather')).toEqual(['clear', 'cloudy', 'fog-smoke', 'rain', 'severe-crosswind', 'sleet-hail', 'unknown']);
      expect(seen('light')).toEqual(['dark-lighted', 'dark-not-lighted', 'dark-unknown-lighting', 'dawn', 'dawn-dusk', 'daylight', 'dusk']);
      expect(seen('damageArea')).toEqual([
        'front',
        'front-left',
        'front-right',
        'left',
        'multiple',
        'none',
        'other',
        'rear',
        'rear-left',
        'rear-right',
        'right',
        'top',
        'undercarriage',
      ]);
      expect(seen('gender')).toEqual(['female', 'male', 'other']);
      expect(seen('seatbelt')).toEqual(['false', 'null', 'true']);
      // The damage areas and gender no code has keep their text.
      const { rows: texts } = await db.query<{ text: string }>(
        `SELECT coalesce(v->>'damageAreaText', v#>>'{driver,genderText}') AS text FROM reports, json_array_elements(vehicles) v
         WHERE v->>'damageArea' = 'other' OR v#>>'{driver,gender}' = 'other' ORDER BY 1`,
      );
      expect(texts.map((r) => r.text)).toEqual(['16', '16', 'X']);
      // Georgia's reports with a location and no city are in the nearest city.
      expect(await count("WHERE source = 'ga-mmucc-export' AND city NOT IN ('Atlanta', 'Savannah', 'Augusta', 'Macon')")).toBeLessThan(25);
      expect(await count("WHERE source = 'ga-mmucc-export' AND city IS NULL")).toBe(0);
      // A VIN one character short is kept as text, but not searched.
      const { rows: short } = await db.query<{ vin: string; searched: boolean }>(
        `SELECT v->>'vin' AS vin, (v->>'vin') = ANY(r.vins) AS searched FROM reports r, json_array_elements(r.vehicles) v WHERE length(v->>'vin') <> 17`,
      );
      expect(short).toHaveLength(3);
      expect(short.every((r) => r.vin.length === 16 && !r.searched)).toBe(true);
      expect(await count('WHERE cardinality(vins) <> json_array_length(vehicles)')).toBe(3);
    } finally {
      await db.close();
    }
  });
});
