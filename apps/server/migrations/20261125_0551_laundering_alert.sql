-- Opposing-bet alerts: one incident, one alert. While an alert of a setting and subject (a pair of
-- members, or a ring: one member against several accounts) is pending, a higher level escalates it in
-- place (`level_history`); a raise at the same or a lower level joins it. A processed alert is followed by
-- a new one only once its window has passed or at a higher level. `laundering_raise` records every raise
-- (setting, subject, matched round, level) stored, so replaying bets after a restart stores nothing twice.
CREATE TABLE laundering_alert (
  cid integer NOT NULL,
  alert_id bigint GENERATED ALWAYS AS IDENTITY,
  event_id integer NOT NULL,
  event_name text NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  group_kind text NOT NULL CHECK (group_kind IN ('pair', 'ring')),
  subject_key text NOT NULL,
  member_ids text[] NOT NULL,
  hub text NOT NULL DEFAULT '',
  rounds integer NOT NULL,
  matched_stake double precision NOT NULL,
  net_moved double precision NOT NULL,
  window_ms bigint NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  level_history jsonb NOT NULL,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  processed_by text,
  processed_at timestamptz,
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, alert_id)
);
CREATE UNIQUE INDEX laundering_alert_pending ON laundering_alert (cid, event_id, subject_key) WHERE status = 0;
CREATE INDEX laundering_alert_subject_idx ON laundering_alert (cid, event_id, subject_key, window_end);
CREATE INDEX laundering_alert_window_end_idx ON laundering_alert (cid, window_end);
CREATE INDEX laundering_alert_members_idx ON laundering_alert USING gin (member_ids);

CREATE TABLE laundering_raise (
  cid integer NOT NULL,
  event_id integer NOT NULL,
  subject_key text NOT NULL,
  round_key text NOT NULL,
  level smallint NOT NULL,
  alert_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, event_id, subject_key, round_key, level)
);
