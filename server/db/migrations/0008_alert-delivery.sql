-- Sending the alerts' texts (issue 18). Each alert_texts row, and the last text of an alert that ended unmatched
-- (alert_endings), is claimed by one sender, its text stored, handed to the SMS provider, then marked sent. A claim
-- older than the senders' lease belongs to a sender that died (or stalled) somewhere between claiming and marking: the
-- next sender asks the provider whether the stored text went out, and sends it only if it did not.

-- Up Migration

ALTER TABLE alert_texts
  -- The current claim: a random token of the sender holding it, and since when.
  ADD COLUMN claim text,
  ADD COLUMN claimed_at timestamptz,
  -- Claims so far; a row that failed this many times is given up ('failed').
  ADD COLUMN attempts smallint NOT NULL DEFAULT 0,
  -- The text exactly as handed to the provider, stored before sending: what a later sender asks the provider about.
  ADD COLUMN body text,
  ADD COLUMN sent_at timestamptz,
  -- Why it was never sent: the phone stopped texts, its country gets no alert texts (ALERT_COUNTRIES), another alert of
  -- the same phone was texted this report, or the provider refused it on every attempt.
  ADD COLUMN skipped text CHECK (skipped IN ('stopped', 'country', 'duplicate', 'failed')),
  -- The provider's last refusal (no phone number in it).
  ADD COLUMN error text;
CREATE INDEX alert_texts_due_idx ON alert_texts (created_at) WHERE sent_at IS NULL AND skipped IS NULL;

-- The last text of an alert that expired with no report matched ("nothing yet, search again"): one row per alert,
-- written with its ended_at, sent as alert_texts rows are.
CREATE TABLE alert_endings (
  alert_id text PRIMARY KEY REFERENCES alerts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  claim text,
  claimed_at timestamptz,
  attempts smallint NOT NULL DEFAULT 0,
  body text,
  sent_at timestamptz,
  skipped text CHECK (skipped IN ('stopped', 'country', 'failed')),
  error text
);
CREATE INDEX alert_endings_due_idx ON alert_endings (created_at) WHERE sent_at IS NULL AND skipped IS NULL;

-- Down Migration

DROP TABLE alert_endings;
DROP INDEX alert_texts_due_idx;
ALTER TABLE alert_texts DROP COLUMN claim, DROP COLUMN claimed_at, DROP COLUMN attempts, DROP COLUMN body,
  DROP COLUMN sent_at, DROP COLUMN skipped, DROP COLUMN error;
