-- The largest wins behind a game alert, stored with it at ingest (evidence, issue 17 item 4): the 10
-- largest wins (payout − stake) of the game in the alert's window when it was opened or escalated, as
-- [{ID, MemberID, At, Stake, Payout, Currency}]. NULL for alerts stored before: the detail reads them
-- from `bet` then.
ALTER TABLE game_rtp_alert ADD COLUMN top_wins jsonb;
