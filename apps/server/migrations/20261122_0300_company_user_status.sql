-- A user can be disabled in one company without losing the others: status of the membership,
-- 1 active, 0 disabled. A disabled membership counts as role "none" (no console, no calls).
ALTER TABLE company_user ADD COLUMN status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1));
