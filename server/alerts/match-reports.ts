// Matches reports just stored against the open alerts, through the indexes of the alerts table (by VIN, by case key
// and state, by the grid cells around each report and its day), never a scan of every alert: each (alert, report)
// pair that matches gets its one alert_texts row, the unique key that makes it texted at most once.
import type { Queryable } from '../db/db.ts';
import { cellsAround } from '../reports/geo-cell.ts';
import { milesSql } from '../reports/search-reports.ts';
import { lockForMatching } from './match-lock.ts';

/** The widest radius an alert may have (alerts.radius_mi): the cells around a report that may hold a matching pin. */
export const MAX_RADIUS_MILES = 10;
/** A vehicle matches an alert's year this many years either side, and a report its day this many days. */
export const MATCH_YEARS = 2;
export const MATCH_DAYS = 1;

const OPEN = (a: string) => `${a}.ended_at IS NULL AND ${a}.expires_at > now()`;

/** The reports r of these ids (SQL, a text[]), each read in its month's partition alone: its day is report_ids'. */
const REPORTS_OF = (ids: string) => `report_ids d JOIN reports r ON r.id = d.id AND r.occurred_on = d.occurred_on AND d.id = ANY(${ids})`;

/**
 * $1 the reports' ids; $2, $3, $4 each report's id beside a run of consecutive grid cells around it (first and last);
 * $5, $6 whether to look up by VIN, by case. Each report (or unit) looks its alerts up by index: OFFSET 0 keeps every
 * lookup a probe, where the planner would otherwise read every open alert once a batch is large. Inserts the pairs not
 * yet texted and counts them. Exported for the plan test (tests/server/alerts-match-plan.test.ts).
 */
export const MATCH_REPORTS_SQL = `WITH matched AS (
    SELECT a.id AS alert_id, r.id AS report_id FROM ${REPORTS_OF('$1::text[]')} CROSS JOIN LATERAL unnest(r.vins) AS u (vin)
    CROSS JOIN LATERAL (SELECT a.id FROM alerts a WHERE a.vin = u.vin AND a.vin IS NOT NULL AND ${OPEN('a')} OFFSET 0) a
    WHERE $5::boolean
  UNION
    SELECT a.id, r.id FROM ${REPORTS_OF('$1::text[]')}
    CROSS JOIN LATERAL (
      SELECT a.id FROM alerts a WHERE a.case_key = r.case_key AND a.state = r.state AND a.case_key IS NOT NULL AND ${OPEN('a')} OFFSET 0
    ) a
    WHERE $6::boolean AND r.case_key IS NOT NULL
  UNION
    SELECT a.id, r.id FROM unnest($2::text[], $3::int[], $4::int[]) AS near (report_id, first_cell, last_cell)
    JOIN report_ids d ON d.id = near.report_id JOIN reports r ON r.id = d.id AND r.occurred_on = d.occurred_on
    CROSS JOIN LATERAL (
      SELECT a.id, a.lat, a.lng, a.radius_mi, a.make, a.year FROM alerts a
      WHERE a.geo_cell BETWEEN near.first_cell AND near.last_cell
        AND a.on_date BETWEEN r.occurred_on - ${MATCH_DAYS} AND r.occurred_on + ${MATCH_DAYS}
        AND a.geo_cell IS NOT NULL AND ${OPEN('a')}
      OFFSET 0
    ) a
    WHERE ${milesSql('a.lat', 'a.lng')} <= a.radius_mi
      AND EXISTS (
        SELECT 1 FROM json_array_elements(r.vehicles) v
        WHERE v->>'make' = a.make AND (v->>'year')::int BETWEEN a.year - ${MATCH_YEARS} AND a.year + ${MATCH_YEARS}
      )
  ), inserted AS (
    INSERT INTO alert_texts (alert_id, report_id) SELECT alert_id, report_id FROM matched ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT count(*)::int AS n FROM inserted`;

/** Which ways of recognising a report the open alerts use: a batch skips the lookups that no alert needs. */
const WAYS_SQL = `SELECT EXISTS (SELECT 1 FROM alerts a WHERE a.vin IS NOT NULL AND ${OPEN('a')}) AS vin,
  EXISTS (SELECT 1 FROM alerts a WHERE a.case_key IS NOT NULL AND ${OPEN('a')}) AS by_case,
  EXISTS (SELECT 1 FROM alerts a WHERE a.geo_cell IS NOT NULL AND ${OPEN('a')}) AS place`;

/**
 * Adds an alert_texts row for every open alert that one of the reports matches and that was not texted about it yet;
 * returns how many it added. Call it in the transaction that stored the reports, after storing them (it takes the
 * lock of match-lock.ts, held until that transaction ends: keep it the last thing before the commit).
 */
export async function matchReports(tx: Queryable, reportIds: readonly string[]): Promise<number> {
  if (reportIds.length === 0) return 0;
  await lockForMatching(tx);
  const ways = (await tx.query<{ vin: boolean; by_case: boolean; place: boolean }>(WAYS_SQL)).rows[0];
  if (!ways?.vin && !ways?.by_case && !ways?.place) return 0;
  const { rows: points } = ways.place
    ? await tx.query<{ id: string; lat: number; lng: number }>(`SELECT r.id, r.lat, r.lng FROM ${REPORTS_OF('$1::text[]')}`, [reportIds])
    : { rows: [] };
  const near = points.flatMap((p) => cellRuns(cellsAround(p, MAX_RADIUS_MILES)).map(([first, last]) => [p.id, first, last] as const));
  const runs = [0, 1, 2].map((i) => near.map((run) => run[i]));
  const { rows } = await tx.query<{ n: number }>(MATCH_REPORTS_SQL, [reportIds, ...runs, ways.vin, ways.by_case]);
  return rows[0]?.n ?? 0;
}

/** Cells as runs of consecutive numbers [first, last]: a row of the grid is one run (two where it wraps at 180°). */
export function cellRuns(cells: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const cell of [...cells].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && cell === last[1] + 1) last[1] = cell;
    else runs.push([cell, cell]);
  }
  return runs;
}
