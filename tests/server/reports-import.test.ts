// npm run reports:import's core: NDJSON and CSV files of reports through COPY round-trip into the store (text with
// commas, quotes, tabs, backslashes and line breaks; a location from lat/lng or JSON), bad records rejected one by one,
// a file imported twice updates, never duplicates.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { importReports } from '../../server/reports/bulk-import.ts';
import { csvHeader, csvLine } from '../../server/reports/report-csv.ts';
import { csvRecords, ndjsonRecords, ReportFileError } from '../../server/reports/report-file.ts';
import type { ReportInput } from '../../server/reports/report-input.ts';
import { syntheticReports } from '../../server/reports/synthetic/synthetic-reports.ts';
import { asSent, newCrashId, sampleReport } from '../testing/reports.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';
import { readReport } from '../../server/reports/read-report.ts';

const TRICKY = 'Unit 1, "the truck", swerved;\ttab, back\\slash,\r\nnew line — ñandú 🚗';

describe.each(testDbKinds)('importing report files on %s', (kind) => {
  let s: TestServer;
  let dir: string;
  let reports: ReportInput[];
  const db = () => s.db;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    dir = await mkdtemp(join(tmpdir(), 'claimflow-import-'));
    reports = [...(await syntheticReports({ count: 40, days: 30, seed: `import-${kind}`, source: 'file-test', now: Date.now() }))];
    (reports[0] as ReportInput).narrative = TRICKY;
    (reports[1] as ReportInput).street = '"Quoted" St, Suite \\N';
  }, STARTUP_MS);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await s.close();
  });

  const file = async (name: string, text: string) => {
    const path = join(dir, name);
    await writeFile(path, text);
    return createReadStream(path, { highWaterMark: 64 });
  };

  /** Each report as stored, read back whole (GET /api/reports/:id with its first VIN) in the ingest format. */
  const storedAs = async (sent: readonly ReportInput[]) =>
    Promise.all(
      sent.map(async (r) => {
        const { rows } = await s.db.query<{ id: string }>('SELECT id FROM reports WHERE source = $1 AND crash_id = $2', [r.source, r.crashId]);
        const stored = await readReport(s.db, rows[0]?.id ?? 'none');
        return stored ? asSent(stored.report, r.source) : 'not stored';
      }),
    );

  it('imports an NDJSON file whole, and the same file again as updates', async () => {
    const slice = reports.slice(0, 20);
    const text = `${slice.map((r) => JSON.stringify(r)).join('\n')}\n\n`;
    const first = await importReports(db(), ndjsonRecords(await file('a.ndjson', text)), { chunkSize: 7 });
    expect(first).toEqual({ read: 20, accepted: 20, updated: 0, rejected: 0, firstErrors: [], warnings: 0, firstWarnings: [] });
    expect(await storedAs(slice)).toEqual(slice);
    const again = await importReports(db(), ndjsonRecords(await file('a.ndjson', text)));
    expect(again).toMatchObject({ accepted: 0, updated: 20 });
    const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM reports WHERE source = 'file-test'");
    expect(rows[0]?.n).toBe(20);
  });

  it('stores the last version of a report the file sends more than once, in different chunks', async () => {
    const crashId = newCrashId();
    const versions = [1, 2].map((injuredCount) => sampleReport({ crashId, injuredCount, units: [{ unit: 1, make: 'KIA' }] }));
    const others = Array.from({ length: 199 }, () => sampleReport({ units: [{ unit: 1, make: 'KIA' }] }));
    // Chunks of 200: the first version last of the first chunk, the second alone in the next.
    const lines = [...others, versions[0], versions[1]];
    const summary = await importReports(db(), ndjsonRecords(await file('amended.ndjson', lines.map((r) => JSON.stringify(r)).join('\n'))), { chunkSize: 200 });
    expect(summary).toMatchObject({ read: 201, accepted: 200, updated: 1, rejected: 0 });
    const { rows } = await s.db.query<{ injured_count: number }>('SELECT injured_count FROM reports WHERE crash_id = $1', [crashId]);
    expect(rows).toEqual([{ injured_count: 2 }]);
  });

  // On PostgreSQL two chunks are stored at once, on two connections: one failing fails the import, which ends only once
  // the other has finished (no connection goes back to the pool mid-transaction), and the store takes the next import.
  it('fails when a chunk cannot be stored, and leaves every connection free', async () => {
    let copies = 0;
    const failing: Db = {
      ...db(),
      connect: (fn) =>
        db().connect((c) =>
          fn({
            ...c,
            transaction: (work) =>
              c.transaction((tx) =>
                work({
                  ...tx,
                  copyRows: async (...args) => {
                    if (++copies === 3) throw new Error('disk full');
                    await tx.copyRows(...args);
                  },
                }),
              ),
          }),
        ),
    };
    const lines = Array.from({ length: 60 }, () => sampleReport({ units: [{ unit: 1, make: 'KIA' }] }));
    await expect(importReports(failing, lines, { chunkSize: 10 })).rejects.toThrow('disk full');
    const pool = db().pool?.();
    if (pool) expect(pool.idle).toBe(pool.total);
    expect(await importReports(db(), lines, { chunkSize: 10 })).toMatchObject({ read: 60, rejected: 0 });
    const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports WHERE crash_id = ANY($1::text[])', [lines.map((r) => r.crashId)]);
    expect(rows[0]?.n).toBe(60);
  });

  // The database answers a store's statements only in a turn of the event loop: records checked back to back, as a
  // generator gives them, held the last chunk's store until the next chunk was ready (and the server's requests with it).
  it('lets the event loop turn while it checks records, so the last chunk is stored meanwhile', async () => {
    let turned = false;
    let pulledBeforeTurn = 0;
    function* records() {
      setImmediate(() => (turned = true));
      for (let i = 0; i < 300; i++) {
        if (!turned) pulledBeforeTurn = i + 1;
        yield sampleReport({ units: [{ unit: 1, make: 'KIA' }] });
      }
    }
    const summary = await importReports(db(), records(), { chunkSize: 1000 });
    expect(summary).toMatchObject({ read: 300, accepted: 300 });
    expect(pulledBeforeTurn).toBeLessThanOrEqual(100);
  });

  it('imports a CSV file (CRLF too) with every kind of text', async () => {
    const slice = reports.slice(20);
    const lf = csvHeader() + slice.slice(0, 10).map(csvLine).join('');
    const crlf = (csvHeader() + slice.slice(10).map(csvLine).join('')).replace(/\n/g, '\r\n');
    expect(await importReports(db(), csvRecords(await file('b.csv', lf)))).toMatchObject({ read: 10, accepted: 10, rejected: 0 });
    expect(await importReports(db(), csvRecords(await file('c.csv', crlf)))).toMatchObject({ read: 10, accepted: 10, rejected: 0 });
    expect(await storedAs(slice)).toEqual(slice);
  });

  it('reads a location given as JSON or as "lat,lng", and leaves empty cells out', async () => {
    const [a, b] = [sampleReport({ units: [{ unit: 1, make: 'KIA' }] }), sampleReport({ units: [{ unit: 1, make: 'KIA' }] })];
    const text = [
      'source,crashId,occurredAt,state,city,policeDepartment,location,units,caseId,speedLimit',
      `tx-cris,${String(a.crashId)},${String(a.occurredAt)},TX,Austin,APD,"{""lat"":30.25,""lng"":-97.75}","[{""unit"":1,""make"":""KIA""}]",,`,
      `tx-cris,${String(b.crashId)},${String(b.occurredAt)},TX,Austin,APD,"30.5, -97.5","[{""unit"":1,""make"":""KIA""}]",X-1,45`,
    ].join('\n');
    expect(await importReports(db(), csvRecords(await file('d.csv', text)))).toMatchObject({ accepted: 2, rejected: 0 });
    const { rows } = await s.db.query<{ lat: number; lng: number; case_id: string | null; speed_limit: number | null }>(
      'SELECT lat, lng, case_id, speed_limit FROM reports WHERE crash_id = ANY($1::text[]) ORDER BY lat',
      [[a.crashId, b.crashId]],
    );
    expect(rows).toEqual([
      { lat: 30.25, lng: -97.75, case_id: null, speed_limit: null },
      { lat: 30.5, lng: -97.5, case_id: 'X-1', speed_limit: 45 },
    ]);
  });

  it('rejects bad records one by one with their field errors, keeping the others', async () => {
    const good = sampleReport();
    const text = [
      '{not json',
      JSON.stringify(sampleReport({ weather: 'hurricane' })),
      JSON.stringify(good),
      JSON.stringify({ ...good, crashId: undefined }),
    ].join('\n');
    const summary = await importReports(db(), ndjsonRecords(await file('e.ndjson', text)));
    // A weather no code stands for is kept as other, with its text and a warning.
    expect(summary).toMatchObject({ read: 4, accepted: 2, rejected: 2, warnings: 1, firstWarnings: [{ index: 1, field: '/weather', value: 'hurricane' }] });
    expect(summary.firstErrors.map((r) => [r.index, r.errors.map((e) => e.field)])).toEqual([
      [0, ['/']],
      [3, ['/crashId']],
    ]);
    const csv = 'source,crashId,units\nx,1\n';
    expect(await importReports(db(), csvRecords(await file('f.csv', csv)))).toMatchObject({
      read: 1,
      rejected: 1,
      firstErrors: [{ index: 0, errors: [{ field: '/' }] }],
    });
  });

  it('refuses a CSV header naming a field the format does not have', async () => {
    await expect(importReports(db(), csvRecords(await file('g.csv', 'source,crashId,colour\n')))).rejects.toThrow(ReportFileError);
  });
});
