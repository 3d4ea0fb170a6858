-- Retention of consent evidence (issue 23, part 5): consent records, TCPA rows and certificates are kept 5 years (the
-- FTC Telemarketing Sales Rule) and may then be deleted, by the retention job (server/retention/); nothing may delete
-- them sooner, and updates stay refused (but 0017's erasure of the phone). A lead's record may go only once the lead
-- is erased: its row stays for counts, without the record.

-- Up Migration

-- A DELETE of a row younger than 5 years by the database's own clock raises; TG_ARGV[0] names the row's time column.
CREATE FUNCTION refuse_young_consent_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(OLD) ->> TG_ARGV[0])::timestamptz < now() - interval '5 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'consent evidence is append-only, kept 5 years: DELETE on % refused', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;

-- DELETE's triggers (0017's) give way to the 5-year rule; UPDATE's and TRUNCATE's are kept.
DROP TRIGGER consent_records_no_delete ON consent_records;
CREATE TRIGGER consent_records_kept_5_years BEFORE DELETE ON consent_records
  FOR EACH ROW EXECUTE FUNCTION refuse_young_consent_delete('created_at');

DROP TRIGGER tcpa_consents_no_delete ON tcpa_consents;
CREATE TRIGGER tcpa_consents_kept_5_years BEFORE DELETE ON tcpa_consents
  FOR EACH ROW EXECUTE FUNCTION refuse_young_consent_delete('created_at');

DROP TRIGGER consent_certificates_append_only ON consent_certificates;
CREATE TRIGGER consent_certificates_append_only BEFORE UPDATE ON consent_certificates
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
CREATE TRIGGER consent_certificates_kept_5_years BEFORE DELETE ON consent_certificates
  FOR EACH ROW EXECUTE FUNCTION refuse_young_consent_delete('issued_at');

-- A lead is still never stored without its consent record; an erased one may lose it.
ALTER TABLE leads ALTER COLUMN consent_record_id DROP NOT NULL;
ALTER TABLE leads ADD CONSTRAINT leads_consent_record_check CHECK (consent_record_id IS NOT NULL OR erased_at IS NOT NULL);

-- Down Migration

ALTER TABLE leads DROP CONSTRAINT leads_consent_record_check;
ALTER TABLE leads ALTER COLUMN consent_record_id SET NOT NULL;
DROP TRIGGER consent_certificates_kept_5_years ON consent_certificates;
DROP TRIGGER consent_certificates_append_only ON consent_certificates;
CREATE TRIGGER consent_certificates_append_only BEFORE UPDATE OR DELETE ON consent_certificates
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
DROP TRIGGER tcpa_consents_kept_5_years ON tcpa_consents;
CREATE TRIGGER tcpa_consents_no_delete BEFORE DELETE ON tcpa_consents
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
DROP TRIGGER consent_records_kept_5_years ON consent_records;
CREATE TRIGGER consent_records_no_delete BEFORE DELETE ON consent_records
  FOR EACH ROW EXECUTE FUNCTION refuse_consent_change();
DROP FUNCTION refuse_young_consent_delete();
