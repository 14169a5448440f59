-- Invitations and registration links (single-use, expiring). Only the SHA-256 of a token is kept.
-- kind: 'user' an invited user sets their password (aid); 'mail' an address is invited to join (mail);
-- 'link' a generated registration link anyone holding it may use once.
CREATE TABLE registration_token (
  cid integer NOT NULL REFERENCES company (cid),
  id bigint GENERATED ALWAYS AS IDENTITY,
  token_hash text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('user', 'mail', 'link')),
  aid integer REFERENCES app_user (aid) ON DELETE CASCADE,
  mail text,
  role text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer', 'mail')),
  group_id integer,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by integer,
  revoked_at timestamptz,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, id)
);
CREATE UNIQUE INDEX registration_token_hash_key ON registration_token (cid, token_hash);
CREATE INDEX registration_token_pending_idx ON registration_token (cid, expires_at)
  WHERE used_at IS NULL AND revoked_at IS NULL;
