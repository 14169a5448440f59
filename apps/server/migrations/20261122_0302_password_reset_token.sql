-- Password-reset links: single-use, expiring, per (global) user. Only the SHA-256 of a token is kept.
CREATE TABLE password_reset_token (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  aid integer NOT NULL REFERENCES app_user (aid) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  requested_ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_token_aid_idx ON password_reset_token (aid);
