-- A VIN or case-number search without dates read every month's index of reports (25 of them for two years, 60 for
-- five): 2.0 times a key read at 1 million reports (measured 2026-11-30), where one table's index had read at 1.0 times.
-- The facts a person searches by now live beside each report's id in report_ids, unpartitioned, so such a search
-- reads one index, then each report found in its own month (server/reports/search-reports.ts). reports keeps vins and
-- case_key (a read by id and the alerts' matching use them), without their indexes.

-- Up Migration

ALTER TABLE report_ids ADD COLUMN vins text[] NOT NULL DEFAULT '{}', ADD COLUMN case_key text, ADD COLUMN state char(2);
UPDATE report_ids d SET vins = r.vins, case_key = r.case_key, state = r.state
  FROM reports r WHERE r.id = d.id AND r.occurred_on = d.occurred_on;
ALTER TABLE report_ids ALTER COLUMN vins DROP DEFAULT, ALTER COLUMN state SET NOT NULL;
CREATE INDEX report_ids_vins_idx ON report_ids USING gin (vins);
CREATE INDEX report_ids_case_idx ON report_ids (case_key, state) WHERE case_key IS NOT NULL;
DROP INDEX reports_vins_idx;
DROP INDEX reports_case_idx;

-- Down Migration

CREATE INDEX reports_case_idx ON reports (case_key, state);
CREATE INDEX reports_vins_idx ON reports USING gin (vins);
ALTER TABLE report_ids DROP COLUMN vins, DROP COLUMN case_key, DROP COLUMN state;
