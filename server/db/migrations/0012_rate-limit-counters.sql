-- The per-address rate limits' request counters (server/store/rate-limits.ts), shared by every server process: one row
-- per limiter and client address, counting the requests of its current one-minute window.

-- Up Migration

-- UNLOGGED: no write-ahead log for counters that may be lost in a crash (the limits then start afresh).
CREATE UNLOGGED TABLE rate_limit_counters (
  -- The limiter and the address, e.g. api:ip:203.0.113.7.
  key text PRIMARY KEY,
  count integer NOT NULL,
  -- When the window ends, in ms since the epoch by the servers' clocks.
  window_end bigint NOT NULL
);

-- Down Migration

DROP TABLE rate_limit_counters;
