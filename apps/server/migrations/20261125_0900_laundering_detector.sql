-- The opposing-bet detector's token per company: the last batch that ran it. A process whose in-memory
-- detectors did not write the token it finds (another process ingested for the company since) rebuilds
-- them by replaying the stored bets, so bets of one round that arrive through different processes match.
CREATE TABLE laundering_detector (
  cid integer NOT NULL,
  token text,
  PRIMARY KEY (cid)
);
