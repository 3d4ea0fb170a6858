-- Keys the server makes itself and every process of it shares (issue 31): the key that signs report proofs (the
-- cookie of a visitor who proved involvement, the report links the product sends). Kept in the database, not in a
-- process or a file, so that any server or worker on the same database checks what another signed, after a restart too.

-- Up Migration

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  -- 32 random bytes, base64url.
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration

DROP TABLE server_secrets;
