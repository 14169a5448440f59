-- Amounts whose currency had no rate on or before the event's date are stored with a null base
-- amount, never refused (DESIGN §4). This records which currency and dates lacked a rate, and for how
-- many events, so that the currency settings can say which rates are missing.
CREATE TABLE ingest_missing_rate (
  cid integer NOT NULL,
  currency text NOT NULL,
  day date NOT NULL,
  events integer NOT NULL DEFAULT 0,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, currency, day)
);
