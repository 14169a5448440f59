-- Shared tables several domains build on: members (ingestion, lists, check tools), exchange rates
-- (ingestion converts amounts, settings edits them), and the notification outbox with its delivery log.

CREATE TABLE member (
  cid integer NOT NULL,
  member_id text NOT NULL,
  nick_name text NOT NULL DEFAULT '',
  vip_level integer NOT NULL DEFAULT 0,
  account text NOT NULL DEFAULT '',
  mobile text NOT NULL DEFAULT '',
  register_ip text,
  register_device text,
  registered_at timestamptz,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (cid, member_id)
);
CREATE INDEX member_nick_name_idx ON member (cid, nick_name);
CREATE INDEX member_account_idx ON member (cid, account);

-- One unit of `currency` is worth `rate` units of the company's base currency from `rate_date` on,
-- until a newer date. Amounts are converted with the newest rate on or before the event's date.
CREATE TABLE currency_rate (
  cid integer NOT NULL,
  currency text NOT NULL,
  rate_date date NOT NULL,
  rate numeric(24, 10) NOT NULL CHECK (rate > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, currency, rate_date)
);

-- Every notification (block-API call, mail, webhook, Telegram) is written here in the transaction
-- that causes it and sent by the outbox worker, with retries; see modules/outbox.
CREATE TABLE outbox (
  cid integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  channel text NOT NULL,
  dedupe_key text,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'unsent')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 8,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  PRIMARY KEY (cid, id)
);
CREATE UNIQUE INDEX outbox_dedupe_key ON outbox (cid, channel, dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX outbox_stuck_idx ON outbox (locked_until) WHERE status = 'sending';

CREATE TABLE delivery_log (
  cid integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  outbox_id bigint NOT NULL,
  channel text NOT NULL,
  attempt integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('sent', 'failed', 'retry', 'unsent')),
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, id)
);
CREATE INDEX delivery_log_outbox_idx ON delivery_log (cid, outbox_id);
CREATE INDEX delivery_log_time_idx ON delivery_log (cid, created_at DESC);
