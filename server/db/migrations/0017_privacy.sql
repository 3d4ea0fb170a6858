-- A person's data erased on request (issue 23 part 5, /privacy) or at the end of its retention: a lead's personal
-- columns are cleared and the row stays for counts (erased_at says when); sponsors that may have got the lead get a
-- lead.deleted message; deliveries not yet sent are not sent (erased). The consent evidence (consent_records,
-- tcpa_consents) stays append-only but for one change: its phone replaced by its SHA-256 ('sha256:' and the hex of the
-- E.164 phone), which still proves the consent of a phone one is shown, and tcpa_consents' copy of the request's
-- fields emptied (the record, the wording and the certificate prove the consent; the form's fields are not needed).

-- Up Migration

ALTER TABLE leads ADD COLUMN erased_at timestamptz;

ALTER TABLE deliveries DROP CONSTRAINT deliveries_type_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_type_check CHECK (type IN ('lead.created', 'lead.updated', 'lead.deleted'));
ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check CHECK (status IN ('pending', 'delivered', 'dead', 'off', 'erased'));

-- An UPDATE of consent evidence is refused unless it only replaces the clear phone by its hash and empties the jsonb
-- columns named in the trigger's arguments ('{}'). DELETE and TRUNCATE stay refused (0003's refuse_consent_change).
CREATE FUNCTION allow_consent_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD) - 'phone';
  new_row jsonb := to_jsonb(NEW) - 'phone';
  col text;
BEGIN
  FOREACH col IN ARRAY coalesce(TG_ARGV, '{}') LOOP
    IF new_row -> col <> '{}'::jsonb THEN
      RAISE EXCEPTION 'consent evidence is append-only: % of % may only be emptied', col, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    old_row := old_row - col;
    new_row := new_row - col;
  END LOOP;
  IF OLD.phone LIKE 'sha256:%' OR NEW.phone IS DISTINCT FROM 'sha256:' || encode(sha256(convert_to(OLD.phone, 'UTF8')), 'hex')
    OR new_row <> old_row THEN
    RAISE EXCEPTION 'consent evidence is append-only: UPDATE on % may only replace the phone by its sha256', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER consent_records_append_only ON consent_records;
CREATE TRIGGER consent_records_no_delete BEFORE DELETE ON consent_records
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER consent_records_erasure_only BEFORE UPDATE ON consent_records
  FOR EACH ROW EXECUTE FUNCTION allow_consent_erasure();

DROP TRIGGER tcpa_consents_append_only ON tcpa_consents;
CREATE TRIGGER tcpa_consents_no_delete BEFORE DELETE ON tcpa_consents
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER tcpa_consents_erasure_only BEFORE UPDATE ON tcpa_consents
  FOR EACH ROW EXECUTE FUNCTION allow_consent_erasure('fields');

-- Down Migration

DROP TRIGGER tcpa_consents_erasure_only ON tcpa_consents;
DROP TRIGGER tcpa_consents_no_delete ON tcpa_consents;
CREATE TRIGGER tcpa_consents_append_only BEFORE UPDATE OR DELETE ON tcpa_consents
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
DROP TRIGGER consent_records_erasure_only ON consent_records;
DROP TRIGGER consent_records_no_delete ON consent_records;
CREATE TRIGGER consent_records_append_only BEFORE UPDATE OR DELETE ON consent_records
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
DROP FUNCTION allow_consent_erasure();
DELETE FROM delivery_attempts WHERE delivery_id IN (SELECT id FROM deliveries WHERE type = 'lead.deleted');
DELETE FROM deliveries WHERE type = 'lead.deleted';
UPDATE deliveries SET status = 'dead' WHERE status = 'erased';
ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check CHECK (status IN ('pending', 'delivered', 'dead', 'off'));
ALTER TABLE deliveries DROP CONSTRAINT deliveries_type_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_type_check CHECK (type IN ('lead.created', 'lead.updated'));
ALTER TABLE leads DROP COLUMN erased_at;
