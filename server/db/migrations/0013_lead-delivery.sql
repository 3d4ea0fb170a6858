-- Leads delivered to sponsors (issue 19). Lead creation only stores the lead (routed_at NULL); a router job routes each
-- lead once, in one transaction: its certificate, one lead.created delivery per sponsor that gets it, routed_at set.
-- A delivery is one webhook message (one webhook-id, the same on every retry), sent by the deliverer until the sponsor
-- acknowledges it (2xx) or its schedule ends (dead); each attempt is logged.

-- Up Migration

ALTER TABLE leads ADD COLUMN routed_at timestamptz;
-- Leads stored before delivery existed are not sent now, days later: they count as routed to no one.
UPDATE leads SET routed_at = created_at;
CREATE INDEX leads_unrouted_idx ON leads (id) WHERE routed_at IS NULL;

CREATE TABLE deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Standard Webhooks' webhook-id: receivers de-duplicate on it.
  webhook_id text NOT NULL UNIQUE DEFAULT ('msg_' || replace(gen_random_uuid()::text, '-', '')),
  lead_id bigint NOT NULL REFERENCES leads (id),
  sponsor_id text NOT NULL,
  type text NOT NULL CHECK (type IN ('lead.created', 'lead.updated')),
  -- What changed, for lead.updated: call-time or accident-reason.
  reason text,
  certificate_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The envelope's JSON exactly as first sent: every retry sends the same bytes.
  payload text,
  -- pending until delivered (2xx), dead (its schedule ended), or off (the sponsor's endpoint answered 410).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead', 'off')),
  attempts smallint NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A deliverer that claimed it holds it until then; after, it died or stalled and another may send it again.
  lease_until timestamptz,
  delivered_at timestamptz
);
-- Routing: a sponsor gets a lead once.
CREATE UNIQUE INDEX deliveries_lead_sponsor_key ON deliveries (lead_id, sponsor_id) WHERE type = 'lead.created';
-- Daily caps count a sponsor's leads of the day.
CREATE INDEX deliveries_sponsor_day_idx ON deliveries (sponsor_id, created_at) WHERE type = 'lead.created';
CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status = 'pending';

-- The delivery log: one row per attempt.
CREATE TABLE delivery_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES deliveries (id),
  attempt smallint NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  -- The HTTP status, NULL when none came (timeout, refused connection, address refused).
  http_status smallint,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX delivery_attempts_delivery_idx ON delivery_attempts (delivery_id);

-- A sponsor whose endpoint answered 410 Gone: nothing more is sent to it until an operator turns it on again
-- (npm run deliveries -- redrive).
CREATE TABLE sponsor_endpoints_off (
  sponsor_id text PRIMARY KEY,
  off_at timestamptz NOT NULL DEFAULT now(),
  reason text NOT NULL
);

-- Down Migration

DROP TABLE sponsor_endpoints_off;
DROP TABLE delivery_attempts;
DROP TABLE deliveries;
ALTER TABLE leads DROP COLUMN routed_at;
