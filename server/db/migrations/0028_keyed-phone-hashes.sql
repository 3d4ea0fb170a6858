-- A phone kept after its erasure is a keyed hash (server/privacy/keyed-hash.ts): 'hmac-sha256:<key id>:<hex>', the
-- HMAC-SHA256 under a key of the server's (HASH_KEYS, else one made in server_secrets) of the hex of the phone's
-- SHA-256, no longer 'sha256:<hex>', which anyone can recompute from guessed numbers. The database has no key, so the
-- rows kept as 'sha256:<hex>' before are rekeyed at start, in TypeScript (rekeyPlainHashes: HMAC of that same hex), and
-- the consent evidence's UPDATE trigger (0017) now lets through exactly these two changes of its phone: a clear phone
-- replaced by a keyed hash (an erasure), and a plain hash by a keyed one (that rekeying). It checks the hash's form, not
-- that it is the old phone's (it has no key to check it with); nothing else may change, as before.

-- Up Migration

CREATE OR REPLACE FUNCTION allow_consent_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF OLD.phone LIKE 'hmac-sha256:%' OR NEW.phone !~ '^hmac-sha256:[A-Za-z0-9._-]{1,64}:[0-9a-f]{64}$' OR new_row <> old_row THEN
    RAISE EXCEPTION 'consent evidence is append-only: UPDATE on % may only replace the phone by its keyed hash', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;

-- Down Migration

-- The keyed hashes stay (the database cannot turn them back into SHA-256s); 0017's rule comes back.
CREATE OR REPLACE FUNCTION allow_consent_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
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
