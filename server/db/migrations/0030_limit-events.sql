-- One counter for the limits of server/limits/: the events of code_limit_events, report_proof_failures, and the
-- per-phone counts of TCPA consents and leads (counted from their own tables before), as events of subjects named
-- '<policy> <key>' (server/limits/policies.ts). The last day's consents and leads are carried over so that their daily
-- caps hold across the change.

-- Up Migration

CREATE TABLE limit_events (
  subject text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX limit_events_subject_at_idx ON limit_events (subject, at);

INSERT INTO limit_events (subject, at)
SELECT CASE
    WHEN kind = 'send' AND subject LIKE 'phone:%' THEN 'phoneSends '
    WHEN kind = 'send' AND subject LIKE 'ip:%' THEN 'ipSends '
    WHEN kind = 'send' AND subject LIKE 'prefix:%' THEN 'prefixSends '
    WHEN kind = 'send' AND subject LIKE 'country:%' THEN 'countrySends '
    WHEN kind = 'send' THEN 'networkSends '
    WHEN kind = 'check' AND subject LIKE 'ip:%' THEN 'ipChecks '
    WHEN kind = 'check' THEN 'siteChecks '
    WHEN subject LIKE 'phone:%' THEN 'phoneFailures '
    ELSE 'requesterFailures '
  END || subject, at
FROM code_limit_events;

INSERT INTO limit_events (subject, at)
SELECT CASE WHEN subject LIKE '%|report:%' THEN 'addressGuessesAtReport ' WHEN subject LIKE 'report:%' THEN 'reportGuesses ' ELSE 'addressGuesses ' END || subject, at
FROM report_proof_failures;

INSERT INTO limit_events (subject, at)
SELECT 'phoneConsents phone:' || phone, to_timestamp(consented_at_ms / 1000.0)
FROM consent_records WHERE kind = 'tcpa' AND created_at > now() - interval '1 day';

INSERT INTO limit_events (subject, at)
SELECT 'phoneLeads phone:' || phone, created_at FROM leads WHERE created_at > now() - interval '1 day' AND phone <> '';

DROP TABLE code_limit_events;
DROP TABLE code_limit_subjects;
DROP TABLE report_proof_failures;

-- Down Migration

CREATE TABLE report_proof_failures (subject text NOT NULL, at timestamptz NOT NULL);
CREATE INDEX report_proof_failures_idx ON report_proof_failures (subject, at);
CREATE TABLE code_limit_subjects (subject text PRIMARY KEY);
CREATE TABLE code_limit_events (
  subject text NOT NULL REFERENCES code_limit_subjects (subject) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('send', 'check', 'failure')),
  at timestamptz NOT NULL
);
CREATE INDEX code_limit_events_subject_idx ON code_limit_events (subject, kind, at);
DROP TABLE limit_events;
