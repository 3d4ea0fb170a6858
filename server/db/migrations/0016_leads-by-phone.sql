-- Leads by phone and time: the daily cap of leads per phone (server/store/leads.ts leadSubmitter) counts a phone's
-- leads of the last 24 hours on every lead creation.

-- Up Migration

CREATE INDEX leads_phone_created_at_idx ON leads (phone, created_at);

-- Down Migration

DROP INDEX leads_phone_created_at_idx;
