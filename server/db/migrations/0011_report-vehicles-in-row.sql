-- A report's vehicles and their drivers (MMUCC's unit and person groups) move into its row, as one JSON document
-- (the report view's Vehicle shape; json, not jsonb: it is stored and sent back as it came, never taken apart but by a
-- make and year filter), with the vehicles' VINs beside it in an array under a GIN index. They are only
-- ever written whole with their crash (an agency's amendment replaces them) and read whole with it (the report page,
-- its PDF), and searched by VIN alone: two tables, their foreign keys and their indexes cost the import three quarters
-- of its time (issue 17's budget is 20,000 reports/s) and the report page a second query. The radius search's index
-- now holds each cell's reports newest first with what the search reads (lat, lng, the local day), so the search
-- merges the cells around its point and stops after the newest it shows, in an index-only scan, however dense the
-- area; the day index no query used is dropped.

-- Up Migration

ALTER TABLE reports
  ADD COLUMN vehicles json NOT NULL DEFAULT '[]' CHECK (json_typeof(vehicles) = 'array'),
  ADD COLUMN vins text[] NOT NULL DEFAULT '{}';

UPDATE reports r SET
  vehicles = coalesce((
    SELECT json_agg(json_build_object(
      'unit', u.unit, 'make', u.make, 'model', u.model, 'year', u.year, 'damageArea', u.damage_area, 'vin', upper(u.vin),
      'towedBy', u.towed_by, 'insured', u.insured, 'atFault', u.at_fault, 'occupants', u.occupants, 'seatbelt', u.seatbelt,
      'airbags', u.airbags,
      'driver', CASE WHEN p.first_name IS NULL THEN NULL ELSE json_build_object(
        'firstName', p.first_name, 'lastName', p.last_name, 'age', p.age, 'gender', p.gender, 'ethnicity', p.ethnicity,
        'residence', CASE WHEN p.residence_city IS NULL OR p.residence_state IS NULL THEN NULL ELSE json_build_object(
          'city', p.residence_city, 'state', p.residence_state, 'zip', p.residence_zip) END,
        'licenceType', p.licence_type, 'licenceState', p.licence_state) END
    ) ORDER BY u.unit)
    FROM report_units u LEFT JOIN report_persons p ON p.report_id = u.report_id AND p.unit = u.unit
    WHERE u.report_id = r.id), '[]'),
  vins = ARRAY(SELECT upper(u.vin) FROM report_units u WHERE u.report_id = r.id AND u.vin IS NOT NULL ORDER BY u.unit);

ALTER TABLE reports ALTER COLUMN vehicles DROP DEFAULT, ALTER COLUMN vins DROP DEFAULT;
DROP TABLE report_persons;
DROP TABLE report_units;
CREATE INDEX reports_vins_idx ON reports USING gin (vins);
DROP INDEX reports_geo_idx;
DROP INDEX reports_occurred_idx;
CREATE INDEX reports_geo_idx ON reports (geo_cell, occurred_at DESC, id COLLATE "C") INCLUDE (occurred_on, lat, lng);

-- Down Migration

DROP INDEX reports_geo_idx;
CREATE INDEX reports_geo_idx ON reports (geo_cell, occurred_on);
CREATE INDEX reports_occurred_idx ON reports (occurred_on);
DROP INDEX reports_vins_idx;
CREATE TABLE report_units (
  report_id text NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  unit smallint NOT NULL,
  vin text,
  make text NOT NULL,
  model text,
  year smallint,
  damage_area text,
  towed_by text,
  insured boolean,
  at_fault boolean,
  occupants smallint,
  seatbelt boolean,
  airbags boolean,
  PRIMARY KEY (report_id, unit)
);
CREATE INDEX report_units_vin_idx ON report_units (vin);
CREATE TABLE report_persons (
  report_id text NOT NULL,
  unit smallint NOT NULL,
  role text NOT NULL DEFAULT 'driver' CHECK (role IN ('driver')),
  first_name text NOT NULL,
  last_name text NOT NULL,
  age smallint,
  gender text,
  ethnicity text,
  residence_city text,
  residence_state text,
  residence_zip text,
  licence_type text,
  licence_state text,
  PRIMARY KEY (report_id, unit, role),
  FOREIGN KEY (report_id, unit) REFERENCES report_units (report_id, unit) ON DELETE CASCADE
);
INSERT INTO report_units
  SELECT r.id, (v->>'unit')::smallint, v->>'vin', v->>'make', v->>'model', (v->>'year')::smallint, v->>'damageArea',
    v->>'towedBy', (v->>'insured')::boolean, (v->>'atFault')::boolean, (v->>'occupants')::smallint,
    (v->>'seatbelt')::boolean, (v->>'airbags')::boolean
  FROM reports r, json_array_elements(r.vehicles) v;
INSERT INTO report_persons (report_id, unit, first_name, last_name, age, gender, ethnicity, residence_city,
    residence_state, residence_zip, licence_type, licence_state)
  SELECT r.id, (v->>'unit')::smallint, d->>'firstName', d->>'lastName', (d->>'age')::smallint, d->>'gender',
    d->>'ethnicity', d#>>'{residence,city}', d#>>'{residence,state}', d#>>'{residence,zip}', d->>'licenceType',
    d->>'licenceState'
  FROM reports r, json_array_elements(r.vehicles) v, json_extract_path(v, 'driver') d
  WHERE json_typeof(d) = 'object';
ALTER TABLE reports DROP COLUMN vins, DROP COLUMN vehicles;
