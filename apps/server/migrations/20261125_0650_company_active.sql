-- Company administration (issue 20): a deactivated company keeps its data, but nobody but the
-- special administrator can work in it any more.
ALTER TABLE company ADD COLUMN active boolean NOT NULL DEFAULT true;
