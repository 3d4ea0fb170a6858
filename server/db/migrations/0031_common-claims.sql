-- One claim for every table of per-row background work (server/jobs/claims.ts, issue 33): deliveries, alert_texts and
-- alert_endings each have claim (the token of the worker holding the row), lease_until (when that claim ends: after,
-- its worker died or stalled), attempts and next_attempt_at (when the row is due). A text's claim time becomes the
-- end of its 30-second lease.

-- Up Migration

ALTER TABLE deliveries ADD COLUMN claim text;

ALTER TABLE alert_texts ADD COLUMN lease_until timestamptz, ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
UPDATE alert_texts SET lease_until = claimed_at + interval '30 seconds', next_attempt_at = created_at;
ALTER TABLE alert_texts DROP COLUMN claimed_at;
DROP INDEX alert_texts_due_idx;
CREATE INDEX alert_texts_due_idx ON alert_texts (next_attempt_at) WHERE sent_at IS NULL AND skipped IS NULL;

ALTER TABLE alert_endings ADD COLUMN lease_until timestamptz, ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
UPDATE alert_endings SET lease_until = claimed_at + interval '30 seconds', next_attempt_at = created_at;
ALTER TABLE alert_endings DROP COLUMN claimed_at;
DROP INDEX alert_endings_due_idx;
CREATE INDEX alert_endings_due_idx ON alert_endings (next_attempt_at) WHERE sent_at IS NULL AND skipped IS NULL;

-- Down Migration

DROP INDEX alert_endings_due_idx;
ALTER TABLE alert_endings ADD COLUMN claimed_at timestamptz;
UPDATE alert_endings SET claimed_at = lease_until - interval '30 seconds';
ALTER TABLE alert_endings DROP COLUMN lease_until, DROP COLUMN next_attempt_at;
CREATE INDEX alert_endings_due_idx ON alert_endings (created_at) WHERE sent_at IS NULL AND skipped IS NULL;

DROP INDEX alert_texts_due_idx;
ALTER TABLE alert_texts ADD COLUMN claimed_at timestamptz;
UPDATE alert_texts SET claimed_at = lease_until - interval '30 seconds';
ALTER TABLE alert_texts DROP COLUMN lease_until, DROP COLUMN next_attempt_at;
CREATE INDEX alert_texts_due_idx ON alert_texts (created_at) WHERE sent_at IS NULL AND skipped IS NULL;

ALTER TABLE deliveries DROP COLUMN claim;
