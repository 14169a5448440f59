-- Rollups, maintained in the ingest transaction (modules/ingest/rollups), so that "this member / this
-- game / this IP over any period" sums a few rows instead of scanning raw events. `hour` is the start
-- of a UTC hour; `day` is the calendar date in the company's time zone. Money columns come in pairs:
-- as sent (`stake`: meaningful when one currency is used, the usual case per member) and in the base
-- currency (`stake_base`: comparable; sums only events a rate covered, `unconverted` counts the rest).
-- ARCHITECTURE.md ("Rollups") says what each column holds.

CREATE TABLE member_hour (
  cid integer NOT NULL,
  member_id text NOT NULL,
  hour timestamptz NOT NULL,
  bets integer NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  stake numeric NOT NULL DEFAULT 0,
  payout numeric NOT NULL DEFAULT 0,
  stake_base numeric NOT NULL DEFAULT 0,
  payout_base numeric NOT NULL DEFAULT 0,
  purchases integer NOT NULL DEFAULT 0,
  purchase_amount numeric NOT NULL DEFAULT 0,
  purchase_base numeric NOT NULL DEFAULT 0,
  transfers_in integer NOT NULL DEFAULT 0,
  transfer_in_amount numeric NOT NULL DEFAULT 0,
  transfer_in_base numeric NOT NULL DEFAULT 0,
  transfers_out integer NOT NULL DEFAULT 0,
  transfer_out_amount numeric NOT NULL DEFAULT 0,
  transfer_out_base numeric NOT NULL DEFAULT 0,
  bonuses integer NOT NULL DEFAULT 0,
  bonus_points numeric NOT NULL DEFAULT 0,
  logins integer NOT NULL DEFAULT 0,
  failed_logins integer NOT NULL DEFAULT 0,
  unconverted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (cid, member_id, hour)
);
CREATE INDEX member_hour_time_idx ON member_hour (cid, hour);

CREATE TABLE member_day (
  cid integer NOT NULL,
  member_id text NOT NULL,
  day date NOT NULL,
  bets integer NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  stake numeric NOT NULL DEFAULT 0,
  payout numeric NOT NULL DEFAULT 0,
  stake_base numeric NOT NULL DEFAULT 0,
  payout_base numeric NOT NULL DEFAULT 0,
  purchases integer NOT NULL DEFAULT 0,
  purchase_amount numeric NOT NULL DEFAULT 0,
  purchase_base numeric NOT NULL DEFAULT 0,
  transfers_in integer NOT NULL DEFAULT 0,
  transfer_in_amount numeric NOT NULL DEFAULT 0,
  transfer_in_base numeric NOT NULL DEFAULT 0,
  transfers_out integer NOT NULL DEFAULT 0,
  transfer_out_amount numeric NOT NULL DEFAULT 0,
  transfer_out_base numeric NOT NULL DEFAULT 0,
  bonuses integer NOT NULL DEFAULT 0,
  bonus_points numeric NOT NULL DEFAULT 0,
  logins integer NOT NULL DEFAULT 0,
  failed_logins integer NOT NULL DEFAULT 0,
  unconverted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (cid, member_id, day)
);
CREATE INDEX member_day_time_idx ON member_day (cid, day);

-- Per game. `rounds` counts a round once, in the bucket of the first of its bets to arrive; `players`
-- counts distinct members in the bucket. The *_sq and stake_payout sums (base currency, float) let the
-- RTP detector compute the variance of the payout ratio over any period.
CREATE TABLE game_hour (
  cid integer NOT NULL,
  game_id text NOT NULL,
  hour timestamptz NOT NULL,
  bets integer NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  rounds integer NOT NULL DEFAULT 0,
  players integer NOT NULL DEFAULT 0,
  stake numeric NOT NULL DEFAULT 0,
  payout numeric NOT NULL DEFAULT 0,
  stake_base numeric NOT NULL DEFAULT 0,
  payout_base numeric NOT NULL DEFAULT 0,
  unconverted integer NOT NULL DEFAULT 0,
  stake_sq double precision NOT NULL DEFAULT 0,
  payout_sq double precision NOT NULL DEFAULT 0,
  stake_payout double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (cid, game_id, hour)
);
CREATE INDEX game_hour_time_idx ON game_hour (cid, hour);

CREATE TABLE game_day (
  cid integer NOT NULL,
  game_id text NOT NULL,
  day date NOT NULL,
  bets integer NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  rounds integer NOT NULL DEFAULT 0,
  players integer NOT NULL DEFAULT 0,
  stake numeric NOT NULL DEFAULT 0,
  payout numeric NOT NULL DEFAULT 0,
  stake_base numeric NOT NULL DEFAULT 0,
  payout_base numeric NOT NULL DEFAULT 0,
  unconverted integer NOT NULL DEFAULT 0,
  stake_sq double precision NOT NULL DEFAULT 0,
  payout_sq double precision NOT NULL DEFAULT 0,
  stake_payout double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (cid, game_id, day)
);
CREATE INDEX game_day_time_idx ON game_day (cid, day);

-- One member in one game on one day: the game-detail check tool, and distinct players over any range
-- of days. `hours` marks the UTC hours of the day the member played (bit = hour − (UTC midnight of
-- `day` − 14 h)), which is how game_hour.players counts each member once per hour.
CREATE TABLE game_member_day (
  cid integer NOT NULL,
  game_id text NOT NULL,
  day date NOT NULL,
  member_id text NOT NULL,
  bets integer NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  stake numeric NOT NULL DEFAULT 0,
  payout numeric NOT NULL DEFAULT 0,
  stake_base numeric NOT NULL DEFAULT 0,
  payout_base numeric NOT NULL DEFAULT 0,
  unconverted integer NOT NULL DEFAULT 0,
  hours bigint NOT NULL DEFAULT 0,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (cid, game_id, day, member_id)
);
CREATE INDEX game_member_day_member_idx ON game_member_day (cid, member_id, day);

-- Per IP and day: logins, registrations and the distinct members behind them.
CREATE TABLE ip_day (
  cid integer NOT NULL,
  ip inet NOT NULL,
  day date NOT NULL,
  logins integer NOT NULL DEFAULT 0,
  failed_logins integer NOT NULL DEFAULT 0,
  registrations integer NOT NULL DEFAULT 0,
  members integer NOT NULL DEFAULT 0,
  PRIMARY KEY (cid, ip, day)
);
CREATE INDEX ip_day_time_idx ON ip_day (cid, day);

CREATE TABLE ip_member_day (
  cid integer NOT NULL,
  ip inet NOT NULL,
  day date NOT NULL,
  member_id text NOT NULL,
  logins integer NOT NULL DEFAULT 0,
  failed_logins integer NOT NULL DEFAULT 0,
  registrations integer NOT NULL DEFAULT 0,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (cid, ip, day, member_id)
);
CREATE INDEX ip_member_day_member_idx ON ip_member_day (cid, member_id, day);
