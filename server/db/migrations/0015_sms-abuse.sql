-- SMS pumping (issue 23, part 2): the global budget of one-time codes, counted per clock hour by every server process.

-- Up Migration

-- One row per hour (its start, by the servers' clock) in which a code was sent: the hourly budget reads the current
-- row, the daily one the last 24. A send locks the current row (SELECT ... FOR UPDATE) while it counts and adds to it.
CREATE TABLE sms_send_budget (
  hour timestamptz PRIMARY KEY,
  sent integer NOT NULL
);

-- Down Migration

DROP TABLE sms_send_budget;
