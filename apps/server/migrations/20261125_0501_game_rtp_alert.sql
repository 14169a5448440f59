-- Game RTP alerts with their evidence (observed and expected RTP, deviation, standard error, z, CUSUM,
-- band, confidence, rounds, turnover, payout, window, raising bet) and their review (status 0 pending →
-- 1 processed, who, when, memo). One incident, one alert: while an alert of a rule and game is pending a
-- higher level escalates it in place (`level_history` keeps each level reached, oldest first); once
-- processed, a new raise makes a new alert (`game_rtp_alert_open`).
CREATE TABLE game_rtp_alert (
  cid integer NOT NULL,
  alert_id bigint GENERATED ALWAYS AS IDENTITY,
  event_id integer NOT NULL,
  event_name text NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  game_id text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('above', 'below')),
  test text NOT NULL CHECK (test IN ('window', 'sequential')),
  observed_rtp double precision NOT NULL,
  expected_rtp double precision NOT NULL,
  deviation double precision NOT NULL,
  std_error double precision NOT NULL,
  z_score double precision NOT NULL,
  cusum double precision NOT NULL,
  band double precision NOT NULL,
  confidence double precision NOT NULL,
  rounds integer NOT NULL,
  min_rounds integer NOT NULL,
  turnover double precision NOT NULL,
  payout double precision NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  raising_event_id text NOT NULL,
  level_history jsonb NOT NULL DEFAULT '[]',
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  processed_by text,
  processed_at timestamptz,
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, alert_id)
);
CREATE UNIQUE INDEX game_rtp_alert_open ON game_rtp_alert (cid, event_id, game_id) WHERE status = 0;
CREATE INDEX game_rtp_alert_window_end_idx ON game_rtp_alert (cid, window_end);
CREATE INDEX game_rtp_alert_game_idx ON game_rtp_alert (cid, game_id, window_end);
