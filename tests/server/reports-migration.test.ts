// Migration 0011 moves the units and drivers of the reports stored before it into their report's row, as the report
// view reads them, with the VINs beside them; the tables they were in are gone.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { readReport } from '../../server/reports/read-report.ts';
import { searchReports } from '../../server/reports/search-reports.ts';
import { STARTUP_MS, testDbKinds, unmigratedDb } from '../testing/test-db.ts';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';

describe.each(testDbKinds)('migration 0011 on %s with reports from before', (kind) => {
  it(
    'gives each report its vehicles with their drivers, in unit order, and its VINs in capitals',
    async () => {
      const testDb = await unmigratedDb(kind);
      const { db } = testDb;
      try {
        await migrate(db, { count: readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0011').length });
        await db.query(
          `INSERT INTO reports (id, source, crash_id, occurred_at, utc_offset, occurred_on, state, city, lat, lng, geo_cell, police_department)
        VALUES ($1, 'tx-cris', '1', '2026-11-20T17:30:00-06:00', -360, '2026-11-20', 'TX', 'Austin', 30.27, -97.74, 4422822, 'APD'),
               ('BBBBBBBBBBBBBBBBBBBBBB', 'tx-cris', '2', '2026-11-21T08:00:00-06:00', -360, '2026-11-21', 'TX', 'Austin', 30.27, -97.74, 4422822, 'APD')`,
          [ID],
        );
        await db.query(
          `INSERT INTO report_units (report_id, unit, vin, make, model, year, damage_area, towed_by, insured, at_fault, occupants, seatbelt, airbags)
        VALUES ($1, 2, NULL, 'FORD', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
               ($1, 1, '1hgcm82633a004352', 'HONDA', 'Accord', 2003, 'front', 'Joe''s Towing', true, false, 2, true, false)`,
          [ID],
        );
        await db.query(
          `INSERT INTO report_persons (report_id, unit, first_name, last_name, age, gender, ethnicity, residence_city, residence_state,
          residence_zip, licence_type, licence_state)
        VALUES ($1, 1, 'Maria', 'Lopez', 34, 'female', NULL, 'Austin', 'TX', '78701', 'C', 'TX')`,
          [ID],
        );

        await migrate(db);

        const stored = await readReport(db, ID);
        expect(stored?.vins).toEqual(['1HGCM82633A004352']);
        expect(stored?.report.vehicles).toEqual([
          {
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
          },
          {
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
          },
        ]);
        expect((await readReport(db, 'BBBBBBBBBBBBBBBBBBBBBB'))?.report.vehicles).toEqual([]);
        expect((await searchReports(db, { mode: { kind: 'vin', vin: '1HGCM82633A004352' } })).results.map((r) => r.id)).toEqual([ID]);
        const { rows } = await db.query<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('report_units', 'report_persons')`,
        );
        expect(rows).toEqual([]);
      } finally {
        await testDb.close();
      }
    },
    STARTUP_MS,
  );
});
