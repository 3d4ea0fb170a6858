-- Phones that asked for no more texts (issue 18): by replying STOP to a text (Twilio's inbound webhook) or through the
-- /unsubscribe/{token} link every alert text carries. A stopped phone's alerts are ended and it is texted no more.

-- Up Migration

CREATE TABLE sms_stops (
  -- E.164.
  phone text PRIMARY KEY,
  -- How it stopped: 'sms' (a STOP reply) or 'link' (the unsubscribe page).
  via text NOT NULL CHECK (via IN ('sms', 'link')),
  stopped_at timestamptz NOT NULL DEFAULT now()
);

-- One unsubscribe token per phone, made with its first alert text and the same in every later one: it can only stop
-- texts to that phone, so it is stored as it is (the texts carry it).
CREATE TABLE sms_unsubscribe_tokens (
  phone text PRIMARY KEY,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration

DROP TABLE sms_unsubscribe_tokens;
DROP TABLE sms_stops;
