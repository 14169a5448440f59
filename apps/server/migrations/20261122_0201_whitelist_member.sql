-- Player whitelist: whitelisted members raise no player alerts (the engine reads it through
-- modules/whitelist/exemptions.ts). A member is never on both lists (checked under a per-company lock).
CREATE TABLE whitelist_member (
  cid integer NOT NULL,
  member_id text NOT NULL CHECK (length(member_id) BETWEEN 1 AND 64),
  memo text NOT NULL DEFAULT '',
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, member_id)
);
CREATE INDEX whitelist_member_created_idx ON whitelist_member (cid, created_at DESC, member_id);
