-- Every version of every funnel the server has served (issue 21 part 4), written at start from flows/: a visit that
-- began on a version since replaced fetches it by GET /api/flows/:id/:version and ends on it.

-- Up Migration

CREATE TABLE flow_versions (
  flow_id text NOT NULL,
  version integer NOT NULL,
  -- The funnel as the app gets it (expanded from its parts).
  flow jsonb NOT NULL,
  first_served_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flow_id, version)
);

-- Down Migration

DROP TABLE flow_versions;
