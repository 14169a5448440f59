-- Game RTP rules (issue 17, DESIGN §5): a rule targets every game, a game type or one game; its expected
-- RTP comes from the game's master data unless `expected_rtp` overrides it; window LoopValue × TimeUnit; a
-- minimum number of rounds; per level 1–3 a band in RTP points above and/or below and a confidence
-- (`levels`, JSON as the contract's GameRtpRuleLevel). EventIDs come from alert_event_seq (unique across
-- every kind of rule). Deleted rules keep their row (`deleted_at`): alerts name their rule.
CREATE TABLE game_rtp_rule (
  cid integer NOT NULL,
  event_id integer NOT NULL,
  event_name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('all', 'type', 'game')),
  game_type text,
  game_id text,
  expected_rtp double precision CHECK (expected_rtp > 0 AND expected_rtp <= 2),
  time_unit text NOT NULL,
  loop_value integer NOT NULL CHECK (loop_value BETWEEN 1 AND 1000),
  min_rounds integer NOT NULL CHECK (min_rounds >= 1),
  levels jsonb NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  deleted_at timestamptz,
  PRIMARY KEY (cid, event_id)
);
