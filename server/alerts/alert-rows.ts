// The SQL that stores an alert in the statement that creates its lead (server/store/leads.ts), and the texts of the
// reports already on file: one statement, so the lead, its consent record and its alert are stored all or none.
import type { NewAlert } from './new-alert.ts';

/** An alert as a lead row carries it: the row to store, and the ids of the reports on file it is texted about. */
export interface AlertWithReports extends NewAlert {
  on_file: string[];
}

const COLUMNS = 'id, source, vin, case_key, state, lat, lng, geo_cell, radius_mi, on_date, make, year, expires_at';
const TYPES = `id text, source text, vin text, case_key text, state text, lat float8, lng float8, geo_cell integer,
  radius_mi smallint, on_date date, make text, year smallint, expires_at timestamptz`;

/**
 * CTEs (alert, alert_text) for a WITH list: the alert of each row of `created` that has one (columns lead_id, phone,
 * locale, and alert: an AlertWithReports as jsonb), and an alert_texts row per report on file.
 */
export const alertInsertCtes = (created: string): string => `alert AS (
    INSERT INTO alerts (lead_id, phone, locale, ${COLUMNS})
    SELECT c.lead_id, c.phone, c.locale, ${COLUMNS.split(', ').map((column) => `x.${column}`).join(', ')}
    FROM ${created} c CROSS JOIN LATERAL jsonb_to_record(c.alert) AS x(${TYPES})
    WHERE c.alert IS NOT NULL
    RETURNING id
  ),
  alert_text AS (
    INSERT INTO alert_texts (alert_id, report_id)
    SELECT alert.id, f.report_id FROM ${created} c
    JOIN alert ON alert.id = c.alert->>'id'
    CROSS JOIN LATERAL jsonb_array_elements_text(c.alert->'on_file') AS f (report_id)
  )`;
