-- One EventID counter per company for every kind of rule (player alert rules, game RTP rules,
-- opposing-bet settings), so that an EventID names one rule of the company whatever its kind
-- (notification settings refer to rules by EventID alone). Deleted rules keep their ids.
CREATE TABLE alert_event_seq (
  cid integer PRIMARY KEY REFERENCES company (cid),
  last_event_id integer NOT NULL CHECK (last_event_id >= 0)
);
INSERT INTO alert_event_seq (cid, last_event_id)
SELECT cid, max(event_id) FROM player_alert_rule GROUP BY cid;
