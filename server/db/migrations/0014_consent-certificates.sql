-- Consent certificates (issue 19): one per lead, its payload signed with the server's Ed25519 key, kept as issued. The
-- id is 128 random bits in base64url, so certificates cannot be enumerated; the payload holds no phone or email in clear.

-- Up Migration

CREATE TABLE consent_certificates (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
  lead_id bigint NOT NULL UNIQUE REFERENCES leads (id),
  -- The certificate as the JSON string that was signed, byte for byte.
  payload text NOT NULL,
  -- base64url Ed25519 signature of the payload's UTF-8 bytes, and the id of the key that made it.
  signature text NOT NULL,
  key_id text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now()
);

-- Consent evidence is append-only (0003's refuse_consent_change).
CREATE TRIGGER consent_certificates_append_only BEFORE UPDATE OR DELETE ON consent_certificates
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER consent_certificates_no_truncate BEFORE TRUNCATE ON consent_certificates
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_consent_change();

-- Down Migration

DROP TABLE consent_certificates;
