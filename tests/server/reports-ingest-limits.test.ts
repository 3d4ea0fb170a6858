// A feed's bad batch answers a short list, not a flood: POST /api/reports lists at most 100 errors and 100 warnings of a
// report and 1,000 of each in all, and counts the rest (errorsLeftOut, warningsLeftOut); a body no feed sends (a report
// of more than 10,000 fields) is a 400 before any report is read; the import prints what it left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createResponseSchema from '../../schemas/api/reports-create.response.schema.json' with { type: 'json' };
import { importReports } from '../../server/reports/bulk-import.ts';
import { summaryOf } from '../../server/reports/cli/progress.ts';
import { postReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

interface Answer {
  accepted: number;
  updated: number;
  rejected: { index: number; errors: { field: string; message: string }[]; errorsLeftOut?: number }[];
  warnings: { index: number; field: string; value: unknown; message: string }[];
  warningsLeftOut?: number;
}

/** A valid report with n fields the format lacks (each a warning: left out). */
const withUnknownFields = (n: number, overrides: Record<string, unknown> = {}) => {
  const report = sampleReport(overrides);
  for (let i = 0; i < n; i++) report[`extra${i}`] = i;
  return report;
};
/** A report of 102 errors: no source, no crashId, and 50 units without their number or make. */
const withManyErrors = () => sampleReport({ source: undefined, crashId: undefined, units: Array.from({ length: 50 }, () => ({ model: 'Civic' })) });
const KB = 1024;

describe.each(appDbKinds)('report ingestion limits on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { reportIngestKeys: [TEST_INGEST_KEY] } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const ingest = async (batch: unknown) => {
    const res = await postReports(s.app, batch);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const body = res.json<Answer>();
    expect(schemaErrors(createResponseSchema, body)).toEqual([]);
    return { body, bytes: res.rawPayload.length };
  };
  const perIndex = (items: { index: number }[]) => {
    const counts = new Map<number, number>();
    for (const { index } of items) counts.set(index, (counts.get(index) ?? 0) + 1);
    return counts;
  };

  it('lists 100 warnings of a report of 5,000 fields the format lacks, and counts the rest', async () => {
    const { body, bytes } = await ingest([withUnknownFields(5000)]);
    expect(body.accepted).toBe(1);
    expect(body.warnings).toHaveLength(100);
    expect(body.warnings[0]).toEqual({ index: 0, field: '/extra0', value: 0, message: 'is not a field of the report format: left out' });
    expect(body.warningsLeftOut).toBe(4900);
    expect(bytes).toBeLessThan(30 * KB);
  });

  it('lists 100 errors of a report, and counts the rest', async () => {
    const { body, bytes } = await ingest([withManyErrors(), sampleReport()]);
    expect(body.accepted).toBe(1);
    expect(body.rejected).toHaveLength(1);
    expect(body.rejected[0]?.index).toBe(0);
    expect(body.rejected[0]?.errors).toHaveLength(100);
    expect(body.rejected[0]?.errorsLeftOut).toBe(2);
    expect(body).not.toHaveProperty('warningsLeftOut');
    expect(bytes).toBeLessThan(30 * KB);
  });

  it('lists 1,000 errors of a batch at most, every rejected report with its first, and counts the rest', async () => {
    const batch = [...Array.from({ length: 30 }, withManyErrors), sampleReport()];
    const { body, bytes } = await ingest(batch);
    expect(body.accepted).toBe(1);
    expect(body.rejected.map((r) => r.index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const listed = body.rejected.reduce((n, r) => n + r.errors.length, 0);
    const leftOut = body.rejected.reduce((n, r) => n + (r.errorsLeftOut ?? 0), 0);
    expect(listed).toBe(1000);
    expect(listed + leftOut).toBe(30 * 102);
    for (const r of body.rejected) {
      expect(r.errors.length).toBeGreaterThanOrEqual(1);
      expect(r.errors.length).toBeLessThanOrEqual(100);
      expect(r.errors.length + (r.errorsLeftOut ?? 0)).toBe(102);
    }
    expect(bytes).toBeLessThan(300 * KB);
  });

  it('lists 1,000 warnings of a batch at most, 100 of a report, and counts the rest', async () => {
    const batch = [withUnknownFields(5000), ...Array.from({ length: 20 }, () => withUnknownFields(60))];
    const { body, bytes } = await ingest(batch);
    expect(body.accepted).toBe(21);
    expect(body.warnings).toHaveLength(1000);
    expect(body.warningsLeftOut).toBe(5000 + 20 * 60 - 1000);
    expect(Math.max(...perIndex(body.warnings).values())).toBe(100);
    expect(perIndex(body.warnings).get(1)).toBe(60);
    expect(bytes).toBeLessThan(300 * KB);
  });

  it('rejects a report of more units than the format takes with one error, not one a unit', async () => {
    const { body } = await ingest([sampleReport({ units: Array.from({ length: 5000 }, () => 'no unit') })]);
    expect(body.rejected.map((r) => [r.index, r.errors.map((e) => e.field)])).toEqual([[0, ['/units']]]);
    expect(body.rejected[0]?.errors[0]?.message).toContain('50');
    expect(body.rejected[0]).not.toHaveProperty('errorsLeftOut');
  });

  it('refuses a body with a report of more than 10,000 fields with a 400 naming it, before reading any report', async () => {
    const good = sampleReport();
    const huge = withUnknownFields(20_000);
    const manyUnits = sampleReport({ units: Array.from({ length: 20_000 }, (_, i) => ({ unit: i + 1 })) });
    for (const [batch, field] of [
      [[good, huge], '1'],
      [[good, sampleReport(), manyUnits], '2'],
    ] as const) {
      const res = await postReports(s.app, batch);
      expect(res.statusCode, res.body.slice(0, 500)).toBe(400);
      const refusal = res.json<{ error: string; field: string; message: string }>();
      expect(refusal).toMatchObject({ error: 'validation', field });
      expect(refusal.message).toContain('10,000');
      expect(res.rawPayload.length).toBeLessThan(KB);
    }
    const { rows } = await s.db.query('SELECT 1 FROM reports WHERE crash_id = $1', [good.crashId]);
    expect(rows).toEqual([]);
  });

  it('imports a file the same way: 100 errors and warnings a report kept, the rest counted and printed', async () => {
    const summary = await importReports(s.db, [withManyErrors(), withUnknownFields(5000)]);
    expect(summary).toMatchObject({ read: 2, accepted: 1, rejected: 1, warnings: 5000 });
    expect(summary.firstErrors[0]?.errors).toHaveLength(100);
    expect(summary.firstErrors[0]?.errorsLeftOut).toBe(2);
    const printed = summaryOf(summary, 1000);
    expect(printed).toContain('(and 2 more errors)');
    expect(printed).toContain('... and 4,990 more warnings');
  });
});
