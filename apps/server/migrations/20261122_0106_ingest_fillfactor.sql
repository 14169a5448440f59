-- Rollup rows and member rows are updated many times (every batch adds to them) but their indexed
-- columns never change: free space in each page lets PostgreSQL update them in place (HOT updates),
-- without touching their indexes, which roughly halves the cost of the rollup upserts.
ALTER TABLE member_hour SET (fillfactor = 70);
ALTER TABLE member_day SET (fillfactor = 70);
ALTER TABLE game_hour SET (fillfactor = 70);
ALTER TABLE game_day SET (fillfactor = 70);
ALTER TABLE game_member_day SET (fillfactor = 70);
ALTER TABLE ip_day SET (fillfactor = 70);
ALTER TABLE ip_member_day SET (fillfactor = 70);
ALTER TABLE member SET (fillfactor = 80);
