// Stores a batch of prepared reports: one statement upserts the reports, read from a relation (a JSON parameter for
// POST /api/reports, the import's COPY staging table), and deletes the units of those amended; then their units and
// drivers are written under the stored ids. A report sent again keeps the id it was first stored with.
import type { Queryable } from '../db/db.ts';
import { PERSON_TABLE_COLUMNS, REPORT_COLUMNS, UNIT_COLUMNS, UNIT_TABLE_COLUMNS, type ReportRow, type UnitRow } from './report-rows.ts';

/** A report that was stored already: the id it was prepared with, and the one it keeps. */
export interface Amended {
  new_id: string;
  id: string;
}

const AMENDED = REPORT_COLUMNS.map(([c]) => c).filter((c) => c !== 'id' && c !== 'source' && c !== 'crash_id');

/**
 * Upserts the reports of `from` (a relation named x, no two with the same source and crash_id, read twice), deletes
 * the units of the amended ones and answers those as Amended rows. xmax is 0 only on a row this statement inserted,
 * on PGlite and PostgreSQL alike.
 */
export function upsertReportsSql(from: string): string {
  const columns = REPORT_COLUMNS.map(([c]) => c).join(', ');
  return `WITH upserted AS (
    INSERT INTO reports AS r (${columns}) SELECT ${columns} FROM ${from}
    ON CONFLICT (source, crash_id) DO UPDATE SET ${AMENDED.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
    RETURNING r.id, r.source, r.crash_id, (r.xmax = 0) AS inserted
  ), cleared AS (
    DELETE FROM report_units u USING upserted WHERE u.report_id = upserted.id AND NOT upserted.inserted
  )
  SELECT x.id AS new_id, upserted.id FROM upserted JOIN ${from} ON x.source = upserted.source AND x.crash_id = upserted.crash_id
  WHERE NOT upserted.inserted`;
}

/** The units under their stored reports' ids (the same rows when no report was amended). */
export function withStoredIds(units: readonly UnitRow[], amended: readonly Amended[]): readonly UnitRow[] {
  if (amended.length === 0) return units;
  const stored = new Map(amended.map((a) => [a.new_id, a.id]));
  return units.map((u) => {
    const id = stored.get(u.report_id);
    return id === undefined ? u : { ...u, report_id: id };
  });
}

const recordset = (columns: readonly (readonly [string, string])[]) =>
  `jsonb_to_recordset($1::jsonb) AS x(${columns.map(([c, type]) => `${c} ${type}`).join(', ')})`;

const UPSERT_JSON = upsertReportsSql(recordset(REPORT_COLUMNS));
const UNITS_JSON = `WITH src AS MATERIALIZED (SELECT * FROM ${recordset(UNIT_COLUMNS)}), units AS (
    INSERT INTO report_units (${UNIT_TABLE_COLUMNS.join(', ')}) SELECT ${UNIT_TABLE_COLUMNS.join(', ')} FROM src
  )
  INSERT INTO report_persons (${PERSON_TABLE_COLUMNS.join(', ')}) SELECT ${PERSON_TABLE_COLUMNS.join(', ')} FROM src WHERE first_name IS NOT NULL`;

/** Stores reports (distinct by source and crash_id) and their units in two statements; run it in a transaction. */
export async function storeReports(tx: Queryable, reports: readonly ReportRow[], units: readonly UnitRow[]): Promise<{ inserted: number }> {
  const { rows: amended } = await tx.query<Amended>(UPSERT_JSON, [JSON.stringify(reports)]);
  if (units.length > 0) await tx.query(UNITS_JSON, [JSON.stringify(withStoredIds(units, amended))]);
  return { inserted: reports.length - amended.length };
}
