// Feeds never lose a report over a spelling: POST /api/reports takes an export's codes ("RAIN", "F", "LEFT SIDE"),
// keeps what it cannot read as other with its text (shown by GET /api/reports/:id), keeps a VIN of the wrong length as
// text but out of the search, leaves out a field it cannot store with a warning, and rejects only a report that cannot
// be known, found or proved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createResponseSchema from '../../schemas/api/reports-create.response.schema.json' with { type: 'json' };
import idResponseSchema from '../../schemas/api/reports-id.response.schema.json' with { type: 'json' };
import { DEMO_OPERATOR } from '../../server/config.ts';
import { readReport } from '../../server/reports/read-report.ts';
import { reportCopy } from '../../server/reports/report-copy.ts';
import { reportDocument } from '../../server/reports/report-pdf-content.ts';
import { reportPlaces } from '../../server/reports/report-places.ts';
import { reportView, type Vehicle } from '../../server/reports/report-view.ts';
import { postReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

interface Answer {
  accepted: number;
  updated: number;
  rejected: { index: number; errors: { field: string; message: string }[] }[];
  warnings: { index: number; field: string; value: unknown; message: string }[];
}

const SHORT_VIN = '1HGCM82633A00435';

describe.each(appDbKinds)('report spellings on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { reportIngestKeys: [TEST_INGEST_KEY] } });
    // The gazetteer is loaded once, before the first report.
    await reportPlaces();
  }, STARTUP_MS);
  afterAll(() => s.close());

  const post = async (reports: unknown[]) => {
    const res = await postReports(s.app, reports);
    expect(res.statusCode, res.body).toBe(200);
    expect(schemaErrors(createResponseSchema, res.json())).toEqual([]);
    return res.json<Answer>();
  };
  const idOf = async (crashId: unknown) => (await s.db.query<{ id: string }>('SELECT id FROM reports WHERE crash_id = $1', [crashId])).rows[0]?.id ?? '';

  it("takes an export's spellings, and keeps a 16-character VIN as text but out of the search, with a warning", async () => {
    const report = sampleReport({ weather: 'RAIN', roadCondition: 'Wet', light: '1', state: 'Texas' });
    const [first, second] = report.units as Record<string, unknown>[];
    Object.assign(first as object, { vin: SHORT_VIN, damageArea: 'LEFT SIDE', seatbelt: 'Y', airbags: 'NOT DEPLOYED' });
    Object.assign((first as { driver: object }).driver, { gender: 'F', ethnicity: 'H' });
    Object.assign(second as object, { damageArea: '2 - FRONT END', insured: 'N' });
    const answer = await post([report]);
    expect(answer).toEqual({
      accepted: 1,
      updated: 0,
      rejected: [],
      warnings: [{ index: 0, field: '/units/0/vin', value: SHORT_VIN, message: expect.stringContaining('not searchable') as string }],
    });
    const stored = await readReport(s.db, await idOf(report.crashId));
    expect(stored?.report).toMatchObject({ state: 'TX', weather: 'rain', roadCondition: 'wet', light: 'daylight' });
    const [one, two] = stored?.report.vehicles ?? [];
    expect(one).toMatchObject({ vin: SHORT_VIN, damageArea: 'left', seatbelt: true, airbags: false, driver: { gender: 'female', ethnicity: 'hispanic' } });
    expect(two).toMatchObject({ damageArea: 'front', insured: false });
    expect(stored?.vins).toEqual(['1FTFW1ET9DFC10312']);
    const search = await s.app.inject({ url: `/api/reports/search?vin=${SHORT_VIN}` });
    expect(search.statusCode === 400 || search.json<{ count: number }>().count === 0, search.body).toBe(true);
    const byVin = await s.app.inject({ url: '/api/reports/search?vin=1FTFW1ET9DFC10312' });
    expect(byVin.json<{ results: { id: string }[] }>().results.map((r) => r.id)).toContain(stored?.report.id);
  });

  it('stores a value it cannot read as other, its text kept and shown by GET /api/reports/:id', async () => {
    const report = sampleReport({ weather: 'VOLCANIC ASH', light: 'Moonlight', roadCondition: '09' });
    const [first] = report.units as Record<string, unknown>[];
    Object.assign(first as object, { damageArea: 'PUSHED INTO DITCH', seatbelt: 'CHILD SEAT' });
    Object.assign((first as { driver: object }).driver, { gender: 'X' });
    const answer = await post([report]);
    expect(answer.accepted).toBe(1);
    expect(answer.warnings.map((w) => [w.field, w.value]).sort(byField)).toEqual(
      [
        ['/light', 'Moonlight'],
        ['/weather', 'VOLCANIC ASH'],
        ['/units/0/damageArea', 'PUSHED INTO DITCH'],
        ['/units/0/seatbelt', 'CHILD SEAT'],
        ['/units/0/driver/gender', 'X'],
      ].sort(byField),
    );
    const id = await idOf(report.crashId);
    const res = await s.app.inject({ url: `/api/reports/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(schemaErrors(idResponseSchema, res.json())).toEqual([]);
    const view = res.json<Record<string, unknown> & { vehicles: Record<string, unknown>[] }>();
    expect(view).toMatchObject({ weather: 'other', weatherText: 'VOLCANIC ASH', light: 'other', lightText: 'Moonlight', roadCondition: 'wet' });
    expect(view).not.toHaveProperty('roadConditionText');
    expect(view.vehicles[0]).toMatchObject({ damageArea: 'other', damageAreaText: 'PUSHED INTO DITCH' });
    // The private ones are kept for the people involved.
    const vehicle = (await readReport(s.db, id))?.report.vehicles[0] as Vehicle;
    expect(vehicle).toMatchObject({ seatbelt: null, seatbeltText: 'CHILD SEAT', driver: { gender: 'other', genderText: 'X' } });
  });

  it("shows other with the report's words in the PDF, in English and Spanish, and personal ones only to their people", async () => {
    const report = sampleReport({ weather: 'VOLCANIC ASH', policeDepartment: undefined });
    const [first] = report.units as Record<string, unknown>[];
    Object.assign(first as object, { seatbelt: 'CHILD SEAT' });
    Object.assign((first as { driver: object }).driver, { gender: 'X' });
    expect((await post([report])).accepted).toBe(1);
    const stored = (await readReport(s.db, await idOf(report.crashId)))?.report;
    if (!stored) throw new Error('not stored');
    const cellsOf = (lang: 'en' | 'es', yours?: number[]) => {
      const doc = reportDocument(reportView(stored, yours), lang, Date.now(), DEMO_OPERATOR);
      return { source: doc.source, cells: doc.sections.flatMap((section) => section.blocks.flatMap((b) => ('cells' in b ? b.cells : []))) };
    };
    const en = cellsOf('en', [1]);
    expect(en.cells).toEqual(
      expect.arrayContaining([
        ['Weather', 'Other (“VOLCANIC ASH” on the report)'],
        ['Seatbelt', 'Other (“CHILD SEAT” on the report)'],
        ['Gender', 'Other (“X” on the report)'],
        ['Police department', 'Not reported'],
      ]),
    );
    expect(en.source).toBe(reportCopy('en').pdf.sourceUnnamed);
    const es = cellsOf('es', [1]);
    expect(es.cells).toEqual(
      expect.arrayContaining([
        ['Clima', 'Otro («VOLCANIC ASH» en el informe)'],
        ['Cinturón de seguridad', 'Otro («CHILD SEAT» en el informe)'],
        ['Sexo', 'Otro («X» en el informe)'],
      ]),
    );
    // Another party's seatbelt and gender are no one else's business, in the report's own words either.
    const other = reportView(stored, [2]);
    expect(JSON.stringify(other)).not.toContain('CHILD SEAT');
    expect(JSON.stringify(other)).not.toMatch(/"genderText"/);
    expect(JSON.stringify(reportView(stored))).not.toContain('CHILD SEAT');
  });

  it('leaves out a field it cannot store, with a warning, and keeps the report', async () => {
    const report = sampleReport({
      zip: '7870',
      speedLimit: '35 MPH',
      injuredCount: 'two',
      county: 'x'.repeat(101),
      colour: 'red',
      policeDepartment: undefined,
    });
    const [first] = report.units as Record<string, unknown>[];
    Object.assign(first as object, { year: '2003', occupants: -1 });
    Object.assign((first as { driver: object }).driver, { lastName: undefined });
    const answer = await post([report]);
    expect(answer.accepted).toBe(1);
    expect(answer.warnings.map((w) => w.field).sort()).toEqual(['/colour', '/county', '/injuredCount', '/units/0/driver', '/units/0/occupants', '/zip']);
    expect(answer.warnings.find((w) => w.field === '/zip')).toMatchObject({ index: 0, value: '7870' });
    const stored = await readReport(s.db, await idOf(report.crashId));
    expect(stored?.report).toMatchObject({ zip: null, county: null, speedLimit: 35, injuredCount: null, policeDepartment: null });
    expect(stored?.report.vehicles[0]).toMatchObject({ year: 2003, occupants: null, driver: null });
    const res = await s.app.inject({ url: `/api/reports/${stored?.report.id ?? ''}` });
    expect(schemaErrors(idResponseSchema, res.json())).toEqual([]);
  });

  it('puts a report with a location and no city in the nearest city of its state', async () => {
    const report = sampleReport({ city: undefined, location: { lat: 30.2672, lng: -97.7431 } });
    expect((await post([report])).accepted).toBe(1);
    expect((await readReport(s.db, await idOf(report.crashId)))?.report.city).toBe('Austin');
  });

  it('rejects only what a report cannot be known, found or proved without', async () => {
    const answer = await post([
      sampleReport({ crashId: undefined }),
      sampleReport({ source: 'Bad Source!' }),
      sampleReport({ occurredAt: '2026-01-10 17:30' }),
      sampleReport({ state: 'Atlantis' }),
      sampleReport({ city: undefined, location: undefined }),
      sampleReport({ units: [] }),
      sampleReport({ units: [{ unit: 1, vin: SHORT_VIN }] }),
      sampleReport({ city: 'Nowhere Special', location: { lat: 95, lng: 0 } }),
    ]);
    expect(answer.accepted).toBe(0);
    expect(answer.rejected.map((r) => [r.index, r.errors.map((e) => e.field)])).toEqual([
      [0, ['/crashId']],
      [1, ['/source']],
      [2, ['/occurredAt']],
      [3, ['/state']],
      [4, ['/city']],
      [5, ['/units']],
      [6, ['/units/0/make']],
      [7, ['/city']],
    ]);
    // Warnings are about reports stored: a rejected one has its errors alone.
    expect(answer.warnings).toEqual([]);
  });
});

function byField(a: unknown[], b: unknown[]): number {
  const order = (w: unknown[]) => String(w[0]);
  return order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0;
}
