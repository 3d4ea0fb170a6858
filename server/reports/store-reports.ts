// The two statements that store a batch of prepared reports, read from a relation: a JSON parameter (POST /api/reports)
// or the import's staging tables (COPY). A report sent again keeps its id; its units and drivers are replaced.
import type { Queryable } from '../db/db.ts';
import { PERSON_TABLE_COLUMNS, REPORT_COLUMNS, UNIT_COLUMNS, UNIT_TABLE_COLUMNS, type ReportRow, type UnitRow } from './report-rows.ts';

/** What a batch's reports did: new ones, and the number stored in all (new and amended). */
export interface Stored {
  inserted: number;
  stored: number;
}

const AMENDED = REPORT_COLUMNS.map(([c]) => c).filter((c) => c !== 'id' && c !== 'source' && c !== 'crash_id');

// `from` below is a relation named x: the batch's rows.

/**
 * Upserts the reports of `from` (no two with the same source and crash_id) and deletes the units of those that were
 * there already. xmax is 0 only on a row this statement inserted, on PGlite and PostgreSQL alike.
 */
export function upsertReportsSql(from: string): string {
  const columns = REPORT_COLUMNS.map(([c]) => c).join(', ');
  return `WITH upserted AS (
    INSERT INTO reports AS r (${columns}) SELECT ${columns} FROM ${from}
    ON CONFLICT (source, crash_id) DO UPDATE SET ${AMENDED.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
    RETURNING r.id, (r.xmax = 0) AS inserted
  ), cleared AS (
    DELETE FROM report_units u USING upserted WHERE u.report_id = upserted.id AND NOT upserted.inserted
  )
  SELECT (count(*) FILTER (WHERE inserted))::int AS inserted, count(*)::int AS stored FROM upserted`;
}

/** Inserts the units of `from` and their drivers, each under its report's id (found by source and crash_id). */
export function insertUnitsSql(from: string): string {
  const units = UNIT_TABLE_COLUMNS.join(', ');
  const persons = PERSON_TABLE_COLUMNS.join(', ');
  return `WITH src AS MATERIALIZED (
    SELECT r.id AS report_id, x.* FROM ${from} JOIN reports r ON r.source = x.source AND r.crash_id = x.crash_id
  ), units AS (
    INSERT INTO report_units (report_id, ${units}) SELECT report_id, ${units} FROM src
  )
  INSERT INTO report_persons (report_id, ${persons}) SELECT report_id, ${persons} FROM src WHERE first_name IS NOT NULL`;
}

const recordset = (columns: readonly (readonly [string, string])[]) =>
  `jsonb_to_recordset($1::jsonb) AS x(${columns.map(([c, type]) => `${c} ${type}`).join(', ')})`;

const UPSERT_JSON = upsertReportsSql(recordset(REPORT_COLUMNS));
const UNITS_JSON = insertUnitsSql(recordset(UNIT_COLUMNS));

/** Stores reports (distinct by source and crash_id) and their units in two statements; run it in a transaction. */
export async function storeReports(tx: Queryable, reports: readonly ReportRow[], units: readonly UnitRow[]): Promise<Stored> {
  if (reports.length === 0) return { inserted: 0, stored: 0 };
  const { rows } = await tx.query<Stored>(UPSERT_JSON, [JSON.stringify(reports)]);
  if (units.length > 0) await tx.query(UNITS_JSON, [JSON.stringify(units)]);
  return rows[0] ?? { inserted: 0, stored: 0 };
}
