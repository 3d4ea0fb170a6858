// Report ingestion (POST /api/reports, ingestReports): each bad report rejected alone with its field errors, the good
// ones kept; a report sent again replaces the stored one under the same id; feeds need a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createResponseSchema from '../../schemas/api/reports-create.response.schema.json' with { type: 'json' };
import { ingestReports } from '../../server/reports/ingest.ts';
import type { Vehicle } from '../../server/reports/report-view.ts';
import { createIngestKey } from '../../server/reports/ingest-keys.ts';
import { localIso, newCrashId, postReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

describe.each(testDbKinds)('report ingestion on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { reportIngestKeys: [TEST_INGEST_KEY] } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const stored = async (crashId: string) => {
    const { rows } = await s.db.query<Record<string, unknown>>('SELECT * FROM reports WHERE crash_id = $1', [crashId]);
    return rows;
  };
  const vehiclesOf = async (id: string) =>
    (await s.db.query<{ vehicles: Vehicle[]; vins: string[] }>('SELECT vehicles, vins FROM reports WHERE id = $1', [id])).rows[0];

  it('stores a report with its units and drivers, normalised', async () => {
    const report = sampleReport({ state: 'tx', caseId: 'apd 24-00123', occurredAt: '2026-01-10T17:30:00-06:00' });
    const units = report.units as Record<string, unknown>[];
    (units[0] as Record<string, unknown>).vin = '1hgcm82633a004352';
    (units[0] as Record<string, unknown>).make = 'Honda';
    const res = await postReports(s.app, [report]);
    expect(res.statusCode, res.body).toBe(200);
    expect(schemaErrors(createResponseSchema, res.json())).toEqual([]);
    expect(res.json()).toEqual({ accepted: 1, updated: 0, rejected: [], warnings: [] });
    const [row] = await stored(report.crashId as string);
    expect(row).toMatchObject({ state: 'TX', case_id: 'apd 24-00123', case_key: 'APD2400123', utc_offset: -360, city: 'Austin', demo: false });
    expect(row?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((row?.occurred_at as Date).toISOString()).toBe('2026-01-10T23:30:00.000Z');
    expect(row?.occurred_on).toEqual(new Date('2026-01-10T00:00:00Z'));
    const id = row?.id as string;
    const { vehicles, vins } = (await vehiclesOf(id)) ?? { vehicles: [], vins: [] };
    expect(vehicles.map((v) => [v.unit, v.vin, v.make, v.driver?.firstName, v.driver?.residence?.state ?? null])).toEqual([
      [1, '1HGCM82633A004352', 'HONDA', 'Maria', 'TX'],
      [2, '1FTFW1ET9DFC10312', 'FORD', 'James', null],
    ]);
    expect(vins).toEqual(['1HGCM82633A004352', '1FTFW1ET9DFC10312']);
  });

  it('rejects each bad report alone, with JSON pointers to its fields, and keeps the good ones (what it could read, with warnings)', async () => {
    const good = [sampleReport(), sampleReport()];
    const batch = [
      good[0],
      sampleReport({ weather: 'sunny', extra: 1 }),
      'not a report',
      sampleReport({
        units: [
          { unit: 1, make: 'FORD', vin: 'I0Q' },
          { unit: 1, make: 'FORD' },
        ],
      }),
      sampleReport({ occurredAt: localIso(Date.now() + 86_400_000, -300) }),
      sampleReport({ city: 'Nowhere Special', location: undefined }),
      sampleReport({ narrative: 'a\u0000b', crashId: undefined }),
      good[1],
    ];
    const res = await postReports(s.app, batch);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      accepted: number;
      rejected: { index: number; errors: { field: string; message: string }[] }[];
      warnings: { index: number; field: string; value: unknown; message: string }[];
    }>();
    // "sunny" is a spelling of clear, and a field the format lacks is left out: the report is kept.
    expect(body.accepted).toBe(3);
    const fields = Object.fromEntries(body.rejected.map((r) => [r.index, r.errors.map((e) => e.field).sort()]));
    expect(fields).toEqual({
      2: ['/'],
      3: ['/units/1/unit'],
      4: ['/occurredAt'],
      5: ['/city'],
      6: ['/crashId'],
    });
    expect(body.warnings).toEqual([{ index: 1, field: '/extra', value: 1, message: 'is not a field of the report format: left out' }]);
    // Once its schema is met, what no schema checks: the repeated unit number, a state that is none; a NUL in a field
    // the report does not need is taken out (a crash ID's rejects it).
    const later = await ingestReports(s.db, [
      sampleReport({
        units: [
          { unit: 1, make: 'FORD' },
          { unit: 1, make: 'KIA' },
        ],
      }),
      sampleReport({ narrative: 'a\u0000b' }),
      sampleReport({ state: 'ZZ' }),
      sampleReport({ crashId: 'a\u0000b' }),
    ]);
    expect(later.rejected.map((r) => [r.index, r.errors.map((e) => `${e.field} ${e.message}`)])).toEqual([
      [0, ['/units/1/unit repeats the number of another unit of the report']],
      [2, ['/state is not a US state or territory']],
      [3, ['/crashId must be Unicode text without U+0000']],
    ]);
    expect(later.warnings).toEqual([{ index: 1, field: '/narrative', value: 'a\u0000b', message: expect.stringContaining('taken out') as string }]);
    for (const report of good) expect(await stored(report.crashId as string)).toHaveLength(1);
  });

  it("puts a report without a location at its city's middle", async () => {
    const report = sampleReport({ location: undefined, city: 'st. louis', state: 'MO' });
    expect(await ingestReports(s.db, [report])).toMatchObject({ accepted: 1 });
    const [row] = await stored(report.crashId as string);
    expect(row).toMatchObject({ city: 'Saint Louis' });
    expect(row?.lat).toBeCloseTo(38.6, 0);
    expect(row?.lng).toBeCloseTo(-90.2, 0);
  });

  it('replaces a report sent again under the same id, never a second row; a repeat within a batch: the last wins', async () => {
    const crashId = newCrashId();
    const first = sampleReport({ crashId });
    expect(await ingestReports(s.db, [first])).toEqual({ accepted: 1, updated: 0, rejected: [], warnings: [] });
    const [before] = await stored(crashId);
    const amended = sampleReport({ crashId, injuredCount: 3, units: [{ unit: 7, make: 'KIA', driver: { firstName: 'Ann', lastName: 'Lee' } }] });
    const res = await postReports(s.app, [amended]);
    expect(res.json()).toEqual({ accepted: 0, updated: 1, rejected: [], warnings: [] });
    const rows = await stored(crashId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: before?.id, injured_count: 3 });
    const { vehicles, vins } = (await vehiclesOf(before?.id as string)) ?? { vehicles: [], vins: [] };
    expect(vehicles.map((v) => [v.unit, v.driver?.firstName])).toEqual([[7, 'Ann']]);
    expect(vins).toEqual([]);

    const again = newCrashId();
    const twice = await ingestReports(s.db, [sampleReport({ crashId: again, fatalCount: 1 }), sampleReport({ crashId: again, fatalCount: 2 })]);
    expect(twice).toEqual({ accepted: 1, updated: 1, rejected: [], warnings: [] });
    expect((await stored(again)).map((r) => r.fatal_count)).toEqual([2]);
    // Another source's crash of the same number is another report.
    expect(await ingestReports(s.db, [sampleReport({ crashId, source: 'fl-hsmv' })])).toMatchObject({ accepted: 1 });
  });

  it('marks demo reports', async () => {
    const report = sampleReport({ source: 'demo' });
    await ingestReports(s.db, [report], { demo: true });
    expect((await stored(report.crashId as string))[0]?.demo).toBe(true);
  });

  describe("the feed's key", () => {
    it.each([
      ['no key', null],
      ['a wrong key', 'x'.repeat(43)],
    ])('refuses %s with 401, storing nothing', async (_what, key) => {
      const report = sampleReport();
      const res = await postReports(s.app, [report], key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(await stored(report.crashId as string)).toEqual([]);
    });

    it('takes a key made by reports:key, stored only as its hash', async () => {
      const key = await createIngestKey(s.db, 'test feed');
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await postReports(s.app, [sampleReport()], key)).statusCode).toBe(200);
      const { rows } = await s.db.query<{ key_hash: string }>("SELECT key_hash FROM report_ingest_keys WHERE label = 'test feed'");
      expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.key_hash).not.toContain(key);
    });
  });

  it('takes 1 to 1,000 reports a request: an empty or a longer batch, or not an array, is a 400', async () => {
    for (const body of [[], { reports: [] }]) {
      const res = await postReports(s.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', field: 'body' });
    }
    const res = await postReports(
      s.app,
      Array.from({ length: 1001 }, () => ({})),
    );
    expect(res.statusCode).toBe(400);
  });

  it('takes a full batch of 1,000 reports in one request (bodies up to 8 MB)', async () => {
    const batch = Array.from({ length: 1000 }, () => sampleReport({ narrative: 'x'.repeat(3000) }));
    const res = await postReports(s.app, batch);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 1000, updated: 0, rejected: [], warnings: [] });
  });
});
