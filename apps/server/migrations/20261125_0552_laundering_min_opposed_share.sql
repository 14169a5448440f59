-- Opposing bets: a level is raised only when the matched rounds are at least this share (percent) of the
-- rounds the members shared in the window (issue 18, precision). Existing settings take the default.
ALTER TABLE laundering_setting
  ADD COLUMN min_opposed_share numeric NOT NULL DEFAULT 80 CHECK (min_opposed_share BETWEEN 0 AND 100);
