// The link an alert gives to a report it matched: /accident/{id} with a proof standing for the alert's VIN or case ID
// when the report has it (the person then gives only a last name to see the personal data; the VIN is never in the
// link), else /accident/{id}.
import { linkProof } from '../reports/report-access.ts';

/**
 * The path for an alert's text or on-file link to reportId; byFact: the report has the alert's VIN or case ID. Its
 * proof lasts as long after the alert's end (alertExpiresAt, ms) as any link, and is the same in every text and list.
 */
export const alertReportPath = (key: Buffer, reportId: string, alert: { id: string; expiresAt: number }, byFact: boolean): string =>
  byFact ? `/accident/${reportId}?proof=${linkProof(key, reportId, { alertId: alert.id }, alert.expiresAt)}` : `/accident/${reportId}`;

/**
 * SQL: whether the report of an alert_texts row (alias `text`) has the VIN or case ID of its alert (alias `alert`); read
 * in its month's partition, its day from report_ids.
 */
export const byFactSql = (text: string, alert: string): string =>
  `EXISTS (SELECT 1 FROM report_ids d JOIN reports r ON r.id = d.id AND r.occurred_on = d.occurred_on
    WHERE d.id = ${text}.report_id AND (r.vins @> ARRAY[${alert}.vin] OR r.case_key = ${alert}.case_key))`;
