-- A report is no longer lost over a spelling (server/reports/report-codes.json): a coded crash field the feed wrote in
-- words no code stands for is stored as other with those words beside it (weather_text, road_condition_text,
-- light_text; a vehicle's and its driver's are in the vehicles document), and a report that names no police department
-- is kept without one.

-- Up Migration

ALTER TABLE reports
  ADD COLUMN weather_text text,
  ADD COLUMN road_condition_text text,
  ADD COLUMN light_text text,
  ALTER COLUMN police_department DROP NOT NULL;

-- Down Migration

UPDATE reports SET police_department = '' WHERE police_department IS NULL;
ALTER TABLE reports
  ALTER COLUMN police_department SET NOT NULL,
  DROP COLUMN light_text,
  DROP COLUMN road_condition_text,
  DROP COLUMN weather_text;
