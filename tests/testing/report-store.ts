// Reports stored through the real ingest for the report-reading tests, and their public ids.
import type { Db } from '../../server/db/db.ts';
import { ingestReports } from '../../server/reports/ingest.ts';
import { sampleReport } from './reports.ts';

/** Ingests a report (as demo data when demo) and returns its public id. */
export async function storeReport(db: Db, report: Record<string, unknown> = sampleReport(), demo = false): Promise<string> {
  const { rejected } = await ingestReports(db, [report], { demo });
  if (rejected.length > 0) throw new Error(`report rejected: ${JSON.stringify(rejected)}`);
  const { rows } = await db.query<{ id: string }>('SELECT id FROM reports WHERE source = $1 AND crash_id = $2', [report.source, report.crashId]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('stored report not found');
  return id;
}
