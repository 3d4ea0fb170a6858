-- Police accident reports (issue 17), after MMUCC's groups: the crash (reports), its vehicles (report_units) and the
-- people in them (report_persons); guesses of a report's VIN or case ID, limited per visitor and per report.

-- Up Migration

-- id is the public, unguessable id of /accident/{id} (16 random bytes, base64url); (source, crash_id) is the feed's own
-- id: a report sent again by its agency or vendor replaces the stored one. geo_cell is the grid cell of (lat, lng)
-- (server/reports/geo-cell.ts): a radius search reads the few cells around its point through reports_geo_idx, on
-- PGlite and PostgreSQL alike, with no extension.
CREATE TABLE reports (
  id text PRIMARY KEY,
  source text NOT NULL,
  crash_id text NOT NULL,
  case_id text,
  -- case_id in capitals without spaces or dashes: what a person types is matched however they wrote it.
  case_key text,
  occurred_at timestamptz NOT NULL,
  -- The offset of occurredAt as the feed wrote it (minutes east of UTC), and the calendar day there: the accident's
  -- local time is shown and searched, whatever the server's zone.
  utc_offset smallint NOT NULL,
  occurred_on date NOT NULL,
  state char(2) NOT NULL,
  county text,
  city text NOT NULL,
  zip text,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  geo_cell integer NOT NULL,
  street text,
  police_department text NOT NULL,
  weather text,
  road_condition text,
  light text,
  speed_limit smallint,
  injured_count smallint,
  fatal_count smallint,
  narrative text,
  demo boolean NOT NULL DEFAULT false,
  received_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, crash_id)
);
CREATE INDEX reports_case_idx ON reports (case_key, state);
CREATE INDEX reports_geo_idx ON reports (geo_cell, occurred_on);
CREATE INDEX reports_occurred_idx ON reports (occurred_on);

-- One vehicle (MMUCC unit) of a report, numbered as on the report.
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

-- The driver of a unit (MMUCC person).
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

-- Keys of the feeds allowed to POST /api/reports, stored hashed (npm run reports:key); REPORT_INGEST_KEYS adds more.
CREATE TABLE report_ingest_keys (
  key_hash text PRIMARY KEY,
  label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Wrong VIN or case ID guesses at a report's personal data: subject 'ip:<address>' or 'report:<id>', server clock time.
CREATE TABLE report_proof_failures (
  subject text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX report_proof_failures_idx ON report_proof_failures (subject, at);

-- Down Migration

DROP TABLE report_proof_failures;
DROP TABLE report_ingest_keys;
DROP TABLE report_persons;
DROP TABLE report_units;
DROP TABLE reports;
