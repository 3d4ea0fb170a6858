// Reports partitioned by the month of the accident (migration 0033): a report of any month is stored (its partition
// made when missing) and read by its public id; an amendment may move it to another month; the report-partitions job
// makes the next months ahead and drops those past the retention, whose reports are then found nowhere; a dated
// search reads only its months' partitions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestReports } from '../../server/reports/ingest.ts';
import { caseKeyOf } from '../../server/reports/prepare-report.ts';
import { readReport } from '../../server/reports/read-report.ts';
import { keepPartitions, MONTHS_AHEAD, monthOf, partitionOf } from '../../server/reports/report-partitions.ts';
import { searchReports, type ReportSearch } from '../../server/reports/search-reports.ts';
import { localIso, sampleReport } from '../testing/reports.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

const DAY_MS = 86_400_000;
const VIN = '1FTFW1ET5DFC10312';
const PLACE = { lat: 41.8781, lng: -87.6298 };

describe.each(testDbKinds)('report partitions on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => void (testDb = await openTestDb(kind)), STARTUP_MS);
  afterAll(() => testDb.close());

  const partitions = async () =>
    (
      await testDb.db.query<{ name: string }>(
        "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'reports'::regclass ORDER BY 1",
      )
    ).rows.map((r) => r.name);
  const store = async (report: Record<string, unknown>) => {
    expect((await ingestReports(testDb.db, [report])).rejected).toEqual([]);
    const { rows } = await testDb.db.query<{ id: string }>('SELECT id FROM report_ids WHERE crash_id = $1', [report.crashId]);
    return rows[0]?.id ?? '';
  };
  const vinReport = (occurredAt: string, crashId?: string) => {
    const report = sampleReport({ occurredAt, location: PLACE, ...(crashId && { crashId }) });
    (report.units as Record<string, unknown>[])[0]!.vin = VIN;
    return report;
  };

  it('stores a report of a month without a partition, and reads it by its public id', async () => {
    expect(await partitions()).not.toContain('reports_1987_03');
    const id = await store(vinReport('1987-03-14T08:30:00-06:00'));
    expect(await partitions()).toContain('reports_1987_03');
    expect((await readReport(testDb.db, id))?.report.occurredAt).toBe('1987-03-14T08:30:00-06:00');
    const found = await searchReports(testDb.db, { mode: { kind: 'vin', vin: VIN }, dates: { from: '1987-03-01', to: '1987-03-31' } });
    expect(found.results.map((r) => r.id)).toEqual([id]);
  });

  it('moves an amended report to the month of its new day, keeping its id', async () => {
    const first = vinReport('1990-05-31T23:00:00-05:00');
    const id = await store(first);
    expect(await store({ ...first, occurredAt: '1990-06-02T10:00:00-05:00' })).toBe(id);
    expect((await readReport(testDb.db, id))?.report.occurredAt).toBe('1990-06-02T10:00:00-05:00');
    const { rows } = await testDb.db.query<{ day: string }>('SELECT occurred_on::text AS day FROM reports WHERE id = $1', [id]);
    expect(rows).toEqual([{ day: '1990-06-02' }]);
    const may = await searchReports(testDb.db, { mode: { kind: 'vin', vin: VIN }, dates: { from: '1990-05-01', to: '1990-05-31' } });
    expect(may.results).toEqual([]);
  });

  it('finds an amended report by its new VIN and case number only', async () => {
    const first: Record<string, unknown> = { ...vinReport('1991-02-03T10:00:00-06:00'), caseId: 'AMEND-1', state: 'TX' };
    const id = await store(first);
    const amended = {
      ...first,
      caseId: 'AMEND-2',
      units: (first.units as object[]).map((unit, i) => (i === 0 ? { ...unit, vin: '2T1BURHE0JC043821' } : unit)),
    };
    expect(await store(amended)).toBe(id);
    const ids = async (mode: ReportSearch['mode']) => (await searchReports(testDb.db, { mode })).results.map((r) => r.id);
    expect(await ids({ kind: 'vin', vin: '2T1BURHE0JC043821' })).toEqual([id]);
    expect(await ids({ kind: 'vin', vin: VIN })).not.toContain(id);
    expect(await ids({ kind: 'case', caseKey: caseKeyOf('AMEND-2'), state: 'TX' })).toEqual([id]);
    expect(await ids({ kind: 'case', caseKey: caseKeyOf('AMEND-1'), state: 'TX' })).toEqual([]);
  });

  it('makes the next months ahead, and drops those past the retention with their reports', async () => {
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const old = await store(vinReport(localIso(now - 400 * DAY_MS, -360)));
    const recent = await store(vinReport(localIso(now - 2 * DAY_MS, -360)));
    const kept = await keepPartitions(testDb.db, 12, now);
    const ahead = Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => partitionOf(monthOf(today, i)));
    expect(await partitions()).toEqual(expect.arrayContaining(ahead));
    expect(kept.dropped).toEqual(expect.arrayContaining(['reports_1987_03', 'reports_1990_06']));
    expect((await partitions()).filter((name) => name < partitionOf(monthOf(today, -12)))).toEqual([]);
    expect(kept.ids).toBeGreaterThanOrEqual(3);
    expect(await readReport(testDb.db, old)).toBeUndefined();
    expect(await readReport(testDb.db, recent)).toBeDefined();
    const all = await searchReports(testDb.db, { mode: { kind: 'vin', vin: VIN } });
    expect(all.results.map((r) => r.id)).toEqual([recent]);
    // Run again, it has nothing left to do.
    expect(await keepPartitions(testDb.db, 12, now)).toEqual({ made: [], dropped: [], ids: 0 });
  });

  it('reads only the months of a dated search', async () => {
    const now = Date.now();
    const earlier = await store(vinReport(localIso(now - 100 * DAY_MS, -360)));
    const latest = await store(vinReport(localIso(now - DAY_MS, -360)));
    const to = new Date(now).toISOString().slice(0, 10);
    const from = new Date(now - 13 * DAY_MS).toISOString().slice(0, 10);
    const months = new Set([partitionOf(monthOf(from)), partitionOf(monthOf(to))]);
    /**
     * The partitions the search reads: those whose indexes it scanned, as the connection's own statistics count them (a
     * place search's statement runs in a function, search_place, which EXPLAIN does not show into), counted before and
     * after it in one transaction (they hold the statements of earlier ones too, until sent). A search that finds
     * nothing on its dates would count the search for other dates that follows too: these all find some.
     */
    const read = (search: ReportSearch) =>
      testDb.db.transaction(async (tx) => {
        const scans = async () =>
          new Map(
            (
              await tx.query<{ name: string; scans: number }>(
                "SELECT relname AS name, idx_scan::int AS scans FROM pg_stat_xact_user_tables WHERE relname LIKE 'reports\\_%'",
              )
            ).rows.map((r) => [r.name, r.scans]),
          );
        const before = await scans();
        await searchReports(tx, search);
        return new Set([...(await scans())].filter(([name, n]) => n > (before.get(name) ?? 0)).map(([name]) => name));
      });
    const monthsOf = (ids: string[]) =>
      testDb.db
        .query<{ name: string }>("SELECT DISTINCT 'reports_' || to_char(occurred_on, 'YYYY_MM') AS name FROM report_ids WHERE id = ANY($1)", [ids])
        .then(({ rows }) => new Set(rows.map((r) => r.name)));
    const place = await read({ mode: { kind: 'place', centre: PLACE, radiusMiles: 10 }, dates: { from, to } });
    expect(place).toEqual(months);
    // A VIN or case number is looked up in report_ids: only the months of the reports it finds are read.
    const found = (await searchReports(testDb.db, { mode: { kind: 'vin', vin: VIN } })).results.map((r) => r.id);
    expect(found).toEqual(expect.arrayContaining([earlier, latest]));
    expect(await read({ mode: { kind: 'vin', vin: VIN } })).toEqual(await monthsOf(found));
    const dated = (await searchReports(testDb.db, { mode: { kind: 'vin', vin: VIN }, dates: { from, to } })).results.map((r) => r.id);
    expect(dated).toContain(latest);
    expect(await read({ mode: { kind: 'vin', vin: VIN }, dates: { from, to } })).toEqual(await monthsOf(dated));
    expect(await read({ mode: { kind: 'case', caseKey: 'X1', state: 'TX' } })).toEqual(new Set());
  });
});
