-- The game RTP detector's state per company: the token of the last batch it ran (a process whose
-- in-memory detector did not write it rebuilds by replay) and the rules version (raised in the
-- transaction of every rule change, so every process reloads the rules before its next batch).
CREATE TABLE game_rtp_detector (
  cid integer NOT NULL,
  token text,
  rules_version integer NOT NULL DEFAULT 0,
  PRIMARY KEY (cid)
);
