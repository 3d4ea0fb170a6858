-- Report alerts (issue 18): a person asks to be texted the moment their police report is filed. An alert is created
-- with its lead and consent record; every report ingested is matched against the open alerts through the indexes
-- below (never a scan of every alert), and each (alert, report) pair that matches gets one row of alert_texts: the
-- database's unique key, not memory, is what makes "texted at most once" hold across retries, crashes and workers.

-- Up Migration

CREATE TABLE alerts (
  -- 16 random bytes, base64url, like a report's id.
  id text PRIMARY KEY,
  lead_id bigint NOT NULL REFERENCES leads (id),
  -- E.164, and the language every text to it is written in.
  phone text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('en', 'es')),
  -- The screen it came from: notify-me, alert (/alert-me) or find-my-report (its "nothing found yet" branch).
  source text NOT NULL,
  -- How the report is recognised (spec §2.7): its VIN; or its case ID (case_key: reports.case_key's normal form) in a
  -- state; or a pin with a radius, a day (±1 matches) and a vehicle's make and year (±2 matches).
  vin text,
  case_key text,
  state char(2),
  lat double precision,
  lng double precision,
  geo_cell integer,
  radius_mi smallint NOT NULL DEFAULT 10 CHECK (radius_mi BETWEEN 1 AND 10),
  on_date date,
  make text,
  year smallint,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Set when the alert stops being matched: expired (its last text says so) or its phone stopped.
  ended_at timestamptz,
  CHECK (
    vin IS NOT NULL
    OR (case_key IS NOT NULL AND state IS NOT NULL)
    OR (geo_cell IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL AND on_date IS NOT NULL AND make IS NOT NULL AND year IS NOT NULL)
  )
);
CREATE INDEX alerts_vin_idx ON alerts (vin) WHERE ended_at IS NULL AND vin IS NOT NULL;
CREATE INDEX alerts_case_idx ON alerts (case_key, state) WHERE ended_at IS NULL AND case_key IS NOT NULL;
CREATE INDEX alerts_place_idx ON alerts (geo_cell, on_date) WHERE ended_at IS NULL AND geo_cell IS NOT NULL;
CREATE INDEX alerts_expiry_idx ON alerts (expires_at) WHERE ended_at IS NULL;
CREATE INDEX alerts_phone_idx ON alerts (phone);

-- One row per (alert, report) that matched: written in the transaction that stored the report (or created the alert,
-- when the report was already on file), sent by the job queue's worker.
CREATE TABLE alert_texts (
  alert_id text NOT NULL REFERENCES alerts (id),
  report_id text NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_id, report_id)
);

-- Down Migration

DROP TABLE alert_texts;
DROP TABLE alerts;
