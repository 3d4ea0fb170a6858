-- Consent evidence (16 CFR 310.5(a)(8), kept 5 years) that no API call can change, a lead that cannot exist without
-- its consent record, and idempotency keys kept in the database so a retried submission is answered byte for byte.

-- Up Migration

-- Each wording shown to a visitor, stored once per version. The hash is checked against the wording itself.
CREATE TABLE consent_texts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The catalogue key (common:consent.notice.primary.yes) or server:tcpa.<funnel> for the server's own wording.
  text_key text NOT NULL,
  locale text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  wording text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (sha256 = encode(sha256(convert_to(wording, 'UTF8')), 'hex')),
  UNIQUE (text_key, locale, version),
  UNIQUE (text_key, locale, sha256),
  -- Lets a record name the version and hash it saw, checked by its foreign key.
  UNIQUE (id, version, sha256)
);

-- One record per consent given: to which wording, in which flow, when, from where, by whom.
CREATE TABLE consent_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- lead: given with a lead; tcpa: POST /user/tcpa; legacy: a lead or tcpa row from before this table existed.
  kind text NOT NULL CHECK (kind IN ('lead', 'tcpa', 'legacy')),
  consent_text_id bigint NOT NULL,
  text_version integer NOT NULL,
  text_sha256 text NOT NULL,
  locale text,
  flow_id text,
  flow_version integer,
  -- Milliseconds since 1970-01-01 UTC, by the server's clock when the request arrived.
  consented_at_ms bigint NOT NULL,
  ip text,
  user_agent text,
  page_url text,
  -- E.164
  phone text NOT NULL,
  verification_id bigint REFERENCES phone_verifications (id),
  trusted_form_cert text,
  trusted_form_ping_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (consent_text_id, text_version, text_sha256) REFERENCES consent_texts (id, version, sha256),
  CHECK (kind <> 'lead' OR (locale IS NOT NULL AND flow_id IS NOT NULL AND flow_version IS NOT NULL
    AND page_url IS NOT NULL AND verification_id IS NOT NULL))
);
CREATE INDEX consent_records_phone_idx ON consent_records (phone, created_at);

ALTER TABLE leads ADD COLUMN consent_record_id bigint REFERENCES consent_records (id);
ALTER TABLE tcpa_consents ADD COLUMN consent_record_id bigint REFERENCES consent_records (id);

-- Rows from before: tcpa rows keep the wording they returned; leads get a record that says their wording is unknown.
DO $$
DECLARE
  legacy_text bigint;
  text_row consent_texts%ROWTYPE;
  record_id bigint;
  t record;
  l record;
BEGIN
  FOR t IN SELECT * FROM tcpa_consents ORDER BY created_at LOOP
    SELECT * INTO text_row FROM consent_texts
      WHERE text_key = 'server:tcpa.' || coalesce(t.funnel, 'default') AND locale = 'en'
        AND sha256 = encode(sha256(convert_to(t.tcpa_message, 'UTF8')), 'hex');
    IF NOT FOUND THEN
      INSERT INTO consent_texts (text_key, locale, version, sha256, wording)
      SELECT 'server:tcpa.' || coalesce(t.funnel, 'default'), 'en', coalesce(max(version), 0) + 1,
        encode(sha256(convert_to(t.tcpa_message, 'UTF8')), 'hex'), t.tcpa_message
      FROM consent_texts WHERE text_key = 'server:tcpa.' || coalesce(t.funnel, 'default') AND locale = 'en'
      RETURNING * INTO text_row;
    END IF;
    INSERT INTO consent_records (kind, consent_text_id, text_version, text_sha256, consented_at_ms, ip, user_agent,
      phone, trusted_form_ping_url, created_at)
    VALUES ('tcpa', text_row.id, text_row.version, text_row.sha256, (extract(epoch FROM t.created_at) * 1000)::bigint,
      t.ip, t.user_agent, t.phone, t.fields ->> 'trustedformPingUrl', t.created_at)
    RETURNING id INTO record_id;
    UPDATE tcpa_consents SET consent_record_id = record_id WHERE token = t.token;
  END LOOP;

  IF EXISTS (SELECT 1 FROM leads) THEN
    INSERT INTO consent_texts (text_key, locale, version, sha256, wording)
    SELECT 'legacy:unrecorded', 'en', 1, encode(sha256(convert_to(w, 'UTF8')), 'hex'), w
    FROM (SELECT 'Consent wording not recorded: this lead was stored before claimflow kept consent evidence.'::text AS w) x
    RETURNING id INTO legacy_text;
    SELECT * INTO text_row FROM consent_texts WHERE id = legacy_text;
    FOR l IN SELECT * FROM leads ORDER BY id LOOP
      INSERT INTO consent_records (kind, consent_text_id, text_version, text_sha256, locale, flow_id, consented_at_ms,
        ip, user_agent, phone, verification_id, trusted_form_cert, created_at)
      VALUES ('legacy', text_row.id, text_row.version, text_row.sha256, l.language, l.funnel,
        (extract(epoch FROM l.created_at) * 1000)::bigint, l.ip, l.user_agent, l.phone, l.verification_id,
        l.body ->> 'trusted_form_cert', l.created_at)
      RETURNING id INTO record_id;
      UPDATE leads SET consent_record_id = record_id WHERE id = l.id;
    END LOOP;
  END IF;
END $$;

-- A lead without its consent record cannot exist, and no record serves two leads (or two tcpa rows).
ALTER TABLE leads ALTER COLUMN consent_record_id SET NOT NULL;
ALTER TABLE leads ADD CONSTRAINT leads_consent_record_id_key UNIQUE (consent_record_id);
ALTER TABLE tcpa_consents ALTER COLUMN consent_record_id SET NOT NULL;
ALTER TABLE tcpa_consents ADD CONSTRAINT tcpa_consents_consent_record_id_key UNIQUE (consent_record_id);

-- What PUT /leads/update adds ('tell us what happened'), kept as plain text; and the page-referrers header.
ALTER TABLE leads ADD COLUMN accident_reason text;
ALTER TABLE leads ADD COLUMN accident_reason_at timestamptz;
ALTER TABLE leads ADD COLUMN page_referrers text;

-- Replaced by idempotency_keys, which replays the first response itself.
ALTER TABLE leads DROP COLUMN idempotency_key;

-- Consent evidence is append-only: any UPDATE, DELETE or TRUNCATE raises, whoever runs it.
CREATE FUNCTION refuse_consent_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent evidence is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
CREATE TRIGGER consent_texts_append_only BEFORE UPDATE OR DELETE ON consent_texts
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER consent_texts_no_truncate BEFORE TRUNCATE ON consent_texts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER consent_records_append_only BEFORE UPDATE OR DELETE ON consent_records
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER consent_records_no_truncate BEFORE TRUNCATE ON consent_records
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER tcpa_consents_append_only BEFORE UPDATE OR DELETE ON tcpa_consents
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER tcpa_consents_no_truncate BEFORE TRUNCATE ON tcpa_consents
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_consent_change();

-- One row per Idempotency-Key and route: the request's hash, its status and exact response bytes, written in the same
-- transaction as what the request stored (so neither exists without the other). Kept 48 hours (IDEMPOTENCY_RETENTION_HOURS).
CREATE TABLE idempotency_keys (
  route text NOT NULL,
  key text NOT NULL,
  -- SHA-256 of the canonical JSON of the query string and body.
  request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  status integer NOT NULL,
  response text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (route, key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

-- Down Migration

DROP TABLE idempotency_keys;
DROP TRIGGER tcpa_consents_append_only ON tcpa_consents;
DROP TRIGGER tcpa_consents_no_truncate ON tcpa_consents;
ALTER TABLE leads ADD COLUMN idempotency_key text;
ALTER TABLE leads ADD CONSTRAINT leads_phone_idempotency_key_key UNIQUE (phone, idempotency_key);
ALTER TABLE leads DROP COLUMN page_referrers;
ALTER TABLE leads DROP COLUMN accident_reason_at;
ALTER TABLE leads DROP COLUMN accident_reason;
ALTER TABLE tcpa_consents DROP COLUMN consent_record_id;
ALTER TABLE leads DROP COLUMN consent_record_id;
DROP TABLE consent_records;
DROP TABLE consent_texts;
DROP FUNCTION refuse_consent_change();
