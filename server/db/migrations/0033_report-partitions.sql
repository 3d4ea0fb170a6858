-- A store for 30 million reports (issue 37): reports is partitioned by the month of the accident's local day
-- (occurred_on), one partition reports_YYYY_MM per month, made ahead by the report-partitions job and on demand by the
-- store (server/reports/report-partitions.ts), and dropped once older than REPORT_RETENTION_MONTHS. A search's dates
-- then read only their months' indexes.
--
-- A partitioned table's unique keys must hold its partition key, so the keys that are not the month's live in
-- report_ids, one small unpartitioned row per report: the public id (what alert_texts references, and what a read by id
-- looks up to find the month to read), and (source, crash_id), the feed's id the upsert conflicts on. reports' own key
-- is (id, occurred_on). An amendment that moves the accident to another day updates report_ids, whose trigger deletes
-- the row of the old day; the upsert then writes the new one (server/reports/store-reports.ts).

-- Up Migration

CREATE TABLE report_ids (
  id text PRIMARY KEY,
  source text NOT NULL,
  crash_id text NOT NULL,
  occurred_on date NOT NULL,
  UNIQUE (source, crash_id)
);
INSERT INTO report_ids SELECT id, source, crash_id, occurred_on FROM reports;

CREATE TABLE reports_by_month (LIKE reports INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (occurred_on);
DO $$
DECLARE month date;
BEGIN
  FOR month IN SELECT DISTINCT date_trunc('month', occurred_on)::date FROM reports LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF reports_by_month FOR VALUES FROM (%L) TO (%L)',
      'reports_' || to_char(month, 'YYYY_MM'), month, (month + interval '1 month')::date);
  END LOOP;
END $$;
INSERT INTO reports_by_month SELECT * FROM reports;

ALTER TABLE alert_texts DROP CONSTRAINT alert_texts_report_id_fkey,
  ADD FOREIGN KEY (report_id) REFERENCES report_ids (id) ON DELETE CASCADE;
-- The retention's deletes of ids find their alert texts by it.
CREATE INDEX alert_texts_report_idx ON alert_texts (report_id);
DROP TABLE reports;
ALTER TABLE reports_by_month RENAME TO reports;
ALTER TABLE reports ADD PRIMARY KEY (id, occurred_on);
CREATE INDEX reports_case_idx ON reports (case_key, state);
CREATE INDEX reports_vins_idx ON reports USING gin (vins);
CREATE INDEX reports_geo_idx ON reports (geo_cell, occurred_at DESC, id COLLATE "C") INCLUDE (occurred_on, lat, lng);

CREATE FUNCTION report_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reports WHERE id = OLD.id AND occurred_on = OLD.occurred_on;
  RETURN NULL;
END $$;
CREATE TRIGGER report_moved AFTER UPDATE OF occurred_on ON report_ids
  FOR EACH ROW WHEN (OLD.occurred_on <> NEW.occurred_on) EXECUTE FUNCTION report_moved();

-- Down Migration

CREATE TABLE reports_whole (LIKE reports INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
INSERT INTO reports_whole SELECT * FROM reports;
DROP INDEX alert_texts_report_idx;
ALTER TABLE alert_texts DROP CONSTRAINT alert_texts_report_id_fkey;
DROP TABLE reports;
DROP TABLE report_ids;
DROP FUNCTION report_moved();
ALTER TABLE reports_whole RENAME TO reports;
ALTER TABLE reports ADD PRIMARY KEY (id), ADD UNIQUE (source, crash_id);
ALTER TABLE alert_texts ADD FOREIGN KEY (report_id) REFERENCES reports (id) ON DELETE CASCADE;
CREATE INDEX reports_case_idx ON reports (case_key, state);
CREATE INDEX reports_vins_idx ON reports USING gin (vins);
CREATE INDEX reports_geo_idx ON reports (geo_cell, occurred_at DESC, id COLLATE "C") INCLUDE (occurred_on, lat, lng);
