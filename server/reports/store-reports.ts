// Stores a batch of prepared reports in one statement that upserts them, read from a relation (a JSON parameter for
// POST /api/reports, the import's COPY staging table). A report sent again keeps the id it was first stored with and
// takes everything else, its vehicles included, from the new one.
import type { Queryable } from '../db/db.ts';
import { REPORT_COLUMNS, type ReportRow } from './report-rows.ts';

/** What a batch did: the ids of the reports as stored (a new one's, or the one an amended report keeps). */
export interface Stored {
  inserted: number;
  ids: string[];
}

/** report_ids' columns: the keys, the day (the report's month), and the facts a search by VIN or case number looks up. */
const ID_COLUMNS = ['id', 'source', 'crash_id', 'occurred_on', 'vins', 'case_key', 'state'];
const AMENDED = REPORT_COLUMNS.map(([c]) => c).filter((c) => c !== 'id' && c !== 'source' && c !== 'crash_id');

/**
 * Upserts the reports of `from` (a relation named x, no two with the same source and crash_id; their months' partitions
 * made): report_ids first, which gives an amended report its stored id and its facts (and, when its day moved, deletes
 * its old row: migration 0033), then reports. xmax is 0 only on a row this statement inserted, on PGlite and PostgreSQL alike.
 */
export function upsertReportsSql(from: string): string {
  const columns = REPORT_COLUMNS.map(([c]) => c);
  return `WITH x AS (SELECT * FROM ${from}), ids AS (
      INSERT INTO report_ids AS d (${ID_COLUMNS.join(', ')}) SELECT ${ID_COLUMNS.join(', ')} FROM x
      ON CONFLICT (source, crash_id) DO UPDATE SET ${ID_COLUMNS.slice(3)
        .map((c) => `${c} = excluded.${c}`)
        .join(', ')}
      RETURNING d.id, d.source, d.crash_id, (d.xmax = 0) AS inserted
    ), stored AS (
      INSERT INTO reports AS r (${columns.join(', ')})
      SELECT ids.id, ${columns
        .filter((c) => c !== 'id')
        .map((c) => `x.${c}`)
        .join(', ')} FROM x JOIN ids USING (source, crash_id)
      ON CONFLICT (id, occurred_on) DO UPDATE SET ${AMENDED.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
    )
    SELECT id, inserted FROM ids`;
}

/** What the upsert answered, counted. */
export function storedOf(rows: readonly { id: string; inserted: boolean }[]): Stored {
  return { inserted: rows.filter((r) => r.inserted).length, ids: rows.map((r) => r.id) };
}

const UPSERT_JSON = upsertReportsSql(`jsonb_to_recordset($1::jsonb) AS x(${REPORT_COLUMNS.map(([c, type]) => `${c} ${type}`).join(', ')})`);

/** Stores reports (distinct by source and crash_id), in the caller's transaction, once their months' partitions exist (makePartitions). */
export async function storeReports(tx: Queryable, reports: readonly ReportRow[]): Promise<Stored> {
  const { rows } = await tx.query<{ id: string; inserted: boolean }>(UPSERT_JSON, [JSON.stringify(reports)]);
  return storedOf(rows);
}
