-- Consent records, one-time codes, verified phones and leads of the claim funnels.

-- Up Migration

CREATE TABLE tcpa_consents (
  token uuid PRIMARY KEY,
  funnel text,
  phone text NOT NULL,
  fields jsonb NOT NULL,
  tcpa_message text NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tcpa_consents_phone_idx ON tcpa_consents (phone, created_at);

-- One live code per phone: a new send replaces the row. Only an HMAC of phone and code is kept.
CREATE TABLE sms_codes (
  phone text PRIMARY KEY,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A passed check, bound to the visitor: the random id in their cookie is kept only as its SHA-256.
CREATE TABLE phone_verifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id_hash text NOT NULL UNIQUE,
  phone text NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_verifications_phone_idx ON phone_verifications (phone, verified_at);

CREATE TABLE leads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  funnel text NOT NULL,
  calc_id text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  legal_consult boolean NOT NULL,
  language text NOT NULL,
  body jsonb NOT NULL,
  preferred_call_time text,
  -- The verification the lead was created under; only its holder may change the lead afterwards.
  verification_id bigint NOT NULL REFERENCES phone_verifications (id),
  -- The client's outbox retries a submission with the same Idempotency-Key; the retry must not add a lead.
  idempotency_key text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (phone, idempotency_key)
);

-- Down Migration

DROP TABLE leads;
DROP TABLE phone_verifications;
DROP TABLE sms_codes;
DROP TABLE tcpa_consents;
