-- Step events of the funnels (issue 21, POST /api/events): a step shown, left or closed, a funnel completed, by an
-- anonymous visit (a random id per browser tab). No personal data: no name, phone, e-mail, answer, address or user
-- agent, and nothing that joins an event to a lead. The funnel report (server/analytics/) reads them per flow.

-- Up Migration

CREATE TABLE funnel_events (
  -- The tab's random id, and the event's number in it (the order of the visit's events, whatever the clocks say).
  visit_id uuid NOT NULL,
  seq integer NOT NULL CHECK (seq >= 0),
  flow_id text NOT NULL,
  flow_version integer NOT NULL,
  -- The A/B variant the visit ran ('' when the flow has none).
  variant text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('shown', 'left', 'closed', 'completed')),
  -- The step shown, left or closed (none for a completion).
  step_id text CHECK ((step_id IS NULL) = (kind = 'completed')),
  -- The event that left the step: NEXT, BACK, or another event of the flow.
  left_by text CHECK ((left_by IS NOT NULL) = (kind = 'left')),
  lang text NOT NULL,
  utm_source text,
  utm_campaign text,
  gclid boolean NOT NULL DEFAULT false,
  -- When it happened, on the server's clock (the browser's time shifted by its offset at sending).
  occurred_at timestamptz NOT NULL,
  PRIMARY KEY (visit_id, seq)
);

-- The report takes the visits with an event in its date range, then all of their events.
CREATE INDEX funnel_events_flow_time_idx ON funnel_events (flow_id, occurred_at);

-- Down Migration

DROP TABLE funnel_events;
