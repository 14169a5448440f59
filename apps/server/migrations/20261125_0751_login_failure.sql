-- Issue 21: failed logins kept in the database, so every process limits alike and
-- `npm run admin -- unlock ACCOUNT` can clear them. Shared (logins come before a company); rows older
-- than the login window are deleted as new failures come.
CREATE TABLE login_failure (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  ip text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX login_failure_pair_idx ON login_failure (account, ip, failed_at DESC);
CREATE INDEX login_failure_ip_idx ON login_failure (ip, failed_at DESC);
CREATE INDEX login_failure_time_idx ON login_failure (failed_at);
