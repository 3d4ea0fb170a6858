-- The per-address request limits count in limit_events as every limit does (server/limits/limit-events.ts,
-- countRequest): their own counters go. Counts start afresh: a minute's worth.

-- Up Migration

DROP TABLE rate_limit_counters;

-- Down Migration

CREATE UNLOGGED TABLE rate_limit_counters (key text PRIMARY KEY, count integer NOT NULL, window_end bigint NOT NULL);
