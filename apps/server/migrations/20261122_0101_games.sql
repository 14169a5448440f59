-- Game master data: posted to /api/v2/ingest/games, or created when a game is first seen in a bet.
CREATE TABLE game (
  cid integer NOT NULL,
  game_id text NOT NULL,
  name text NOT NULL,
  game_type text,
  provider text,
  -- Expected return to player as a fraction (0.965); the RTP detector compares observed RTP with it.
  expected_rtp numeric(8, 6),
  -- 'master' once master data was posted; 'bet' while the game is only known from its bets.
  source text NOT NULL DEFAULT 'bet' CHECK (source IN ('bet', 'master')),
  first_bet_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, game_id)
);
CREATE INDEX game_type_idx ON game (cid, game_type);
