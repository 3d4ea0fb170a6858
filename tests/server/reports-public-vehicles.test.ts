// Migration 0023 gives the reports stored before it their vehicles' public facts, the column a search lists them from:
// such a report is found by VIN, by a pin and by make and year with the same vehicles as one stored after it.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { geoCell } from '../../server/reports/geo-cell.ts';
import { searchReports } from '../../server/reports/search-reports.ts';
import { STARTUP_MS, testDbKinds, unmigratedDb } from '../testing/test-db.ts';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const AUSTIN = { lat: 30.27, lng: -97.74 };
const HONDA = {
  unit: 1,
  make: 'HONDA',
  model: 'Accord',
  year: 2003,
  damageArea: 'front',
  vin: '1HGCM82633A004352',
  towedBy: "Joe's Towing",
  insured: true,
  atFault: false,
  occupants: 2,
  seatbelt: true,
  airbags: false,
  driver: {
    firstName: 'Maria',
    lastName: 'Lopez',
    age: 34,
    gender: 'female',
    ethnicity: null,
    residence: { city: 'Austin', state: 'TX', zip: '78701' },
    licenceType: 'C',
    licenceState: 'TX',
  },
};
const FORD = {
  unit: 2,
  make: 'FORD',
  model: null,
  year: null,
  damageArea: null,
  vin: null,
  towedBy: null,
  insured: null,
  atFault: null,
  occupants: null,
  seatbelt: null,
  airbags: null,
  driver: null,
};

describe.each(testDbKinds)('migration 0023 on %s with reports from before', (kind) => {
  it(
    'lists their vehicles in searches as make, model, year and damage area only, in unit order',
    async () => {
      const testDb = await unmigratedDb(kind);
      const { db } = testDb;
      try {
        await migrate(db, { count: readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0023').length });
        const now = new Date();
        const day = now.toISOString().slice(0, 10);
        await db.query(
          `INSERT INTO reports (id, source, crash_id, occurred_at, utc_offset, occurred_on, state, city, lat, lng, geo_cell, police_department, vehicles, vins)
         VALUES ($1, 'tx-cris', '1', $2::timestamptz, 0, $3::date, 'TX', 'Austin', 30.27, -97.74, $5, 'APD', $4::json, ARRAY['1HGCM82633A004352']),
                ('BBBBBBBBBBBBBBBBBBBBBB', 'tx-cris', '2', $2::timestamptz, 0, $3::date, 'TX', 'Austin', 30.27, -97.74, $5, 'APD', '[]', '{}')`,
          [ID, now.toISOString(), day, JSON.stringify([HONDA, FORD]), geoCell(AUSTIN)],
        );

        await migrate(db);

        const vehicles = [{ make: 'HONDA', model: 'Accord', year: 2003, damageArea: 'front' }, { make: 'FORD' }];
        const byVin = await searchReports(db, { mode: { kind: 'vin', vin: '1HGCM82633A004352' } });
        expect(byVin.results.map((r) => [r.id, r.vehicles])).toEqual([[ID, vehicles]]);
        const near = { mode: { kind: 'place', centre: AUSTIN, radiusMiles: 5 }, dates: { from: day, to: day } } as const;
        expect((await searchReports(db, near)).results.map((r) => [r.id, r.vehicles])).toEqual([
          [ID, vehicles],
          ['BBBBBBBBBBBBBBBBBBBBBB', []],
        ]);
        expect((await searchReports(db, { ...near, make: 'FORD' })).results.map((r) => r.id)).toEqual([ID]);
        expect((await searchReports(db, { ...near, make: 'HONDA', years: { from: 2001, to: 2005 } })).results.map((r) => r.id)).toEqual([ID]);
        expect((await searchReports(db, { ...near, make: 'HONDA', years: { from: 2004, to: 2008 } })).results).toEqual([]);
      } finally {
        await testDb.close();
      }
    },
    STARTUP_MS,
  );
});
