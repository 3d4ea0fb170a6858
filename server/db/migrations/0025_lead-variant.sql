-- The arm of its flow's A/B test a lead was sent from (issue 21 part 3), beside the flow's id and version in its consent
-- record: consent.flowVariant of the lead request. Null for a flow without a test and for every lead before.

-- Up Migration

ALTER TABLE consent_records ADD COLUMN flow_variant text;

-- Down Migration

ALTER TABLE consent_records DROP COLUMN flow_variant;
