-- Business users and call times that mean a time (issue 18). A lead keeps the business user's token it came with as a
-- column (it was only inside the request body), and each call-time choice is kept with the window it means: two
-- instants, in the visitor's time zone (kept too, to show and to call by). The rule is server/call-times/call-window.ts.

-- Up Migration

-- business-user-token of the browser the lead came from (/business/{id}/{userId} keeps it), for the leads of a business.
ALTER TABLE leads ADD COLUMN business_user_token text;
UPDATE leads SET business_user_token = body ->> 'businessUserToken' WHERE body ->> 'businessUserToken' <> '';
CREATE INDEX leads_business_user_token_idx ON leads (business_user_token, created_at) WHERE business_user_token IS NOT NULL;

-- The visitor's IANA zone (America/Chicago): from the lead's ZIP or state, else the browser's. Null on older leads.
ALTER TABLE leads ADD COLUMN time_zone text;
-- The window preferred_call_time means ('Call ASAP' on a Saturday: Monday 9am to 10am), set with it.
ALTER TABLE leads ADD COLUMN call_from timestamptz;
ALTER TABLE leads ADD COLUMN call_to timestamptz;
ALTER TABLE leads ADD CONSTRAINT leads_call_window_check
  CHECK ((call_from IS NULL) = (call_to IS NULL) AND (call_from IS NULL OR call_from < call_to));
-- Who is to be called when.
CREATE INDEX leads_call_from_idx ON leads (call_from) WHERE call_from IS NOT NULL;

-- The lead types' AM/PM preferences (spec §2.9) as windows: AM 9am to 12pm, PM 12pm to 5pm of a working day.
CREATE TABLE lead_type_calls (
  lead_id bigint NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  -- The service's key: DefectiveAirbag, dValue, DUILawyer, __CALawyer, Chiropractor.
  service text NOT NULL,
  preference text NOT NULL CHECK (preference IN ('AM', 'PM')),
  call_from timestamptz NOT NULL,
  call_to timestamptz NOT NULL,
  PRIMARY KEY (lead_id, service),
  CHECK (call_from < call_to)
);
CREATE INDEX lead_type_calls_call_from_idx ON lead_type_calls (call_from);

-- Down Migration

DROP TABLE lead_type_calls;
ALTER TABLE leads DROP COLUMN call_to;
ALTER TABLE leads DROP COLUMN call_from;
ALTER TABLE leads DROP COLUMN time_zone;
ALTER TABLE leads DROP COLUMN business_user_token;
