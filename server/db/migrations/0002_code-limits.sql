-- Limits on one-time codes (issue 3): sends per phone and per address, checks per address, failed checks per phone.

-- Up Migration

-- One row per throttled subject, 'phone:<E.164>' or 'ip:<address or IPv6 /64>'. A request locks its subjects' rows
-- (SELECT ... FOR UPDATE) while it counts and adds their events, so server processes sharing the database queue
-- behind each other instead of racing past a limit.
CREATE TABLE code_limit_subjects (
  subject text PRIMARY KEY
);

-- What the limits count, with the server clock's time (never the database's now(), so tests can move the clock):
-- send (a code sent to a phone, from an address), check (a code check let through, from an address),
-- failure (a failed check of a phone; all of a phone's failures are deleted when it passes a check).
CREATE TABLE code_limit_events (
  subject text NOT NULL REFERENCES code_limit_subjects (subject) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('send', 'check', 'failure')),
  at timestamptz NOT NULL
);
CREATE INDEX code_limit_events_subject_idx ON code_limit_events (subject, kind, at);

-- Down Migration

DROP TABLE code_limit_events;
DROP TABLE code_limit_subjects;
