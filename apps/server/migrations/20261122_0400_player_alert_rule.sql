-- Player alert rules (spec §3 "Event definition" plus enabled and levels; DESIGN §5): the rules the
-- detectors run for each company. `levels` is the contract's `Levels` array
-- ([{Level, Op, Value, MinSample}]). A deleted rule keeps its row (`deleted_at`) so that its EventID is
-- never given to another rule: alerts name the rule that raised them.
CREATE TABLE player_alert_rule (
  cid integer NOT NULL REFERENCES company (cid),
  event_id integer NOT NULL CHECK (event_id > 0),
  event_name text NOT NULL,
  event_type smallint NOT NULL CHECK (event_type BETWEEN 1 AND 7),
  time_unit text NOT NULL CHECK (time_unit IN ('min', 'hour', 'day', 'week', 'month', 'quarter', 'year')),
  loop_value integer NOT NULL CHECK (loop_value BETWEEN 1 AND 1000),
  enabled boolean NOT NULL DEFAULT true,
  levels jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT '',
  deleted_at timestamptz,
  PRIMARY KEY (cid, event_id)
);
