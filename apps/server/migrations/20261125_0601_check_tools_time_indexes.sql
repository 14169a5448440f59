-- Check tools (issue 19), speed: the default pages of the raw-event lists are the newest events of the
-- company in the range (`CreateDate Desc`); these indexes answer them as a top-N read from
-- the end of the range instead of sorting every event of the range (the primary keys lead with the
-- member; `DESC NULLS LAST` is the order the lists ask for, which a plain index does not give).
-- Totals and counts come from the rollups (check-tools.repository.ts).
CREATE INDEX bet_time_idx ON bet (cid, at DESC NULLS LAST);
CREATE INDEX bonus_time_idx ON bonus (cid, at DESC NULLS LAST);
CREATE INDEX purchase_time_idx ON purchase (cid, at DESC NULLS LAST);
CREATE INDEX transfer_time_idx ON transfer (cid, at DESC NULLS LAST);
-- Players per day over every member (`winlose/member-by-time`): the member-days with bets, read from
-- the index alone.
CREATE INDEX member_day_played_idx ON member_day (cid, day) INCLUDE (member_id) WHERE bets > 0;
