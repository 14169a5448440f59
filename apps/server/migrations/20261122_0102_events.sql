-- The event store (DESIGN §4). `ingest_event` is the ledger of every stored event id, whatever its
-- type: its primary key makes an id unique within the company, so a resent id is a no-op even if its
-- type changed. Each type has its own table whose primary key (cid, member_id, at, id) is also the
-- "this member over a period" index. Amounts are kept as sent (`stake`, `amount` in `currency`) and in
-- the company's base currency (`*_base`; null when no rate covered the event's date).
-- BRIN indexes on `at` serve scans by time at almost no cost on insert (events arrive nearly in order).

CREATE TABLE ingest_event (
  cid integer NOT NULL,
  id text NOT NULL,
  type text NOT NULL CHECK (type IN ('bet', 'login', 'register', 'purchase', 'transfer', 'bonus')),
  at timestamptz NOT NULL,
  member_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, id)
);
CREATE INDEX ingest_event_received_brin ON ingest_event USING brin (received_at);

CREATE TABLE bet (
  cid integer NOT NULL,
  member_id text NOT NULL,
  at timestamptz NOT NULL,
  id text NOT NULL,
  game_id text NOT NULL,
  round_id text NOT NULL,
  stake numeric NOT NULL,
  payout numeric NOT NULL,
  currency text NOT NULL,
  stake_base numeric,
  payout_base numeric,
  side text,
  game_type text,
  customer_id text,
  PRIMARY KEY (cid, member_id, at, id)
);
CREATE INDEX bet_round_idx ON bet (cid, game_id, round_id);
CREATE INDEX bet_at_brin ON bet USING brin (at);

CREATE TABLE login (
  cid integer NOT NULL,
  member_id text NOT NULL,
  at timestamptz NOT NULL,
  id text NOT NULL,
  ip inet NOT NULL,
  device text,
  success boolean NOT NULL DEFAULT true,
  PRIMARY KEY (cid, member_id, at, id)
);
CREATE INDEX login_ip_idx ON login (cid, ip, at);
CREATE INDEX login_at_brin ON login USING brin (at);

CREATE TABLE registration (
  cid integer NOT NULL,
  member_id text NOT NULL,
  at timestamptz NOT NULL,
  id text NOT NULL,
  ip inet NOT NULL,
  device text,
  nick_name text,
  account text,
  mobile text,
  vip_level integer,
  PRIMARY KEY (cid, member_id, at, id)
);
CREATE INDEX registration_ip_idx ON registration (cid, ip, at);
CREATE INDEX registration_device_idx ON registration (cid, device, at) WHERE device IS NOT NULL;
CREATE INDEX registration_at_brin ON registration USING brin (at);

-- Top-ups.
CREATE TABLE purchase (
  cid integer NOT NULL,
  member_id text NOT NULL,
  at timestamptz NOT NULL,
  id text NOT NULL,
  amount numeric NOT NULL,
  currency text NOT NULL,
  amount_base numeric,
  platform text,
  payment_name text,
  category text,
  PRIMARY KEY (cid, member_id, at, id)
);
CREATE INDEX purchase_at_brin ON purchase USING brin (at);

CREATE TABLE transfer (
  cid integer NOT NULL,
  member_id text NOT NULL,
  at timestamptz NOT NULL,
  id text NOT NULL,
  amount numeric NOT NULL,
  currency text NOT NULL,
  amount_base numeric,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  counterparty_id text,
  PRIMARY KEY (cid, member_id, at, id)
);
CREATE INDEX transfer_counterparty_idx ON transfer (cid, counterparty_id, at) WHERE counterparty_id IS NOT NULL;
CREATE INDEX transfer_at_brin ON transfer USING brin (at);

-- Bonus points.
CREATE TABLE bonus (
  cid integer NOT NULL,
  member_id text NOT NULL,
  at timestamptz NOT NULL,
  id text NOT NULL,
  points numeric NOT NULL,
  category text,
  event_name text,
  PRIMARY KEY (cid, member_id, at, id)
);
CREATE INDEX bonus_at_brin ON bonus USING brin (at);
