-- One-time codes per visitor (issue 23, part 1): a code is checked only for the visitor who asked for it, so a stranger's
-- send no longer voids the owner's code, and every code text carries a link that confirms that very send.

-- Up Migration

-- Codes live 10 minutes: those under way when this runs are dropped (their owners ask again), not carried over.
DROP TABLE sms_codes;
CREATE TABLE sms_codes (
  phone text NOT NULL,
  -- SHA-256 of the random visitor id in the requester's cf_pending cookie (server/pending-verification.ts): a check
  -- from anyone else could not have verified, so it is never compared nor counted against the phone.
  requester_hash text NOT NULL,
  code_hash text NOT NULL,
  -- SHA-256 of the token of the text's link (/verify/{token}); valid as long as the code.
  link_hash text NOT NULL UNIQUE,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  -- When the link was opened: the send is then verified for its requester, whatever code they type.
  confirmed_at timestamptz,
  used_at timestamptz,
  created_at timestamptz NOT NULL,
  -- A visitor's new code for a phone replaces their earlier one.
  PRIMARY KEY (requester_hash, phone)
);

-- Down Migration

DROP TABLE sms_codes;
CREATE TABLE sms_codes (
  phone text PRIMARY KEY,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
