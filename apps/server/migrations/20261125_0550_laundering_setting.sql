-- Opposing-bet (money-laundering) settings (DESIGN §5 "Opposing bets"; contract `LaunderingSetting`):
-- the pairs of opposite sides, game types (empty = all), minimum stake, stake tolerance in percent, the
-- window `loop_value × time_unit`, and per level the repeated rounds and/or matched stake that raise it.
-- EventIDs come from `alert_event_seq` (unique per company across every alert kind); a deleted setting
-- keeps its row (`deleted_at`) so its EventID is never reused. Platform and aggregator companies only.
CREATE TABLE laundering_setting (
  cid integer NOT NULL REFERENCES company (cid),
  event_id integer NOT NULL CHECK (event_id > 0),
  event_name text NOT NULL,
  side_pairs jsonb NOT NULL,
  game_types jsonb NOT NULL DEFAULT '[]',
  min_stake numeric NOT NULL CHECK (min_stake >= 0),
  stake_tolerance numeric NOT NULL CHECK (stake_tolerance BETWEEN 0 AND 100),
  time_unit text NOT NULL CHECK (time_unit IN ('min', 'hour', 'day')),
  loop_value integer NOT NULL CHECK (loop_value BETWEEN 1 AND 1000),
  enabled boolean NOT NULL DEFAULT true,
  levels jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT '',
  deleted_at timestamptz,
  PRIMARY KEY (cid, event_id)
);
