// The link an alert gives to a report it matched: /accident/{id}/{vin} when the report has the alert's VIN (the VIN
// proves involvement, so the report opens with its personal data), else /accident/{id}.

/** The path of a report for an alert whose VIN the report has (vin), or has not (undefined). */
export const reportPath = (reportId: string, vin?: string | null): string =>
  vin ? `/accident/${reportId}/${vin}` : `/accident/${reportId}`;

/**
 * SQL for the path of an alert_texts row (alias `text`) of an alert (alias `alert`): what reportPath gives, for the
 * sender's query.
 */
export const textPathSql = (text: string, alert: string): string =>
  `'/accident/' || ${text}.report_id || coalesce('/' || (
    SELECT ${alert}.vin FROM reports r WHERE r.id = ${text}.report_id AND r.vins @> ARRAY[${alert}.vin]
  ), '')`;
