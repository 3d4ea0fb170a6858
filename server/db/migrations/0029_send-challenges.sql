-- Sends past their limits ask for a proof of work, not a refusal (issue 32): the solutions already spent, each good
-- for one send until it expires. The service's budget is now counted per country in code_limit_events (its subject
-- country:+N), like every other send limit, so the hourly table of the global budget goes.

-- Up Migration

CREATE TABLE spent_challenges (
  -- The challenge's HMAC signature (hex), as the solution carries it.
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spent_challenges_expires_at_idx ON spent_challenges (expires_at);

DROP TABLE sms_send_budget;

-- Down Migration

CREATE TABLE sms_send_budget (
  hour timestamptz PRIMARY KEY,
  sent integer NOT NULL
);
DROP TABLE spent_challenges;
