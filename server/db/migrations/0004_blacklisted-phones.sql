-- Phones of commercial users, who must use the business service: the consumer flows send them no code.

-- Up Migration

CREATE TABLE blacklisted_phones (
  phone text PRIMARY KEY,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration

DROP TABLE blacklisted_phones;
