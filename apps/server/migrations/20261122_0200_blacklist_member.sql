-- Player blacklist (spec §3 "Block-list member"). Adding a member queues lock calls to the block APIs
-- in the same transaction (modules/blacklist, modules/block-api). NickName and VIPLevel come from `member`.
CREATE TABLE blacklist_member (
  cid integer NOT NULL,
  member_id text NOT NULL CHECK (length(member_id) BETWEEN 1 AND 64),
  memo text NOT NULL DEFAULT '',
  -- The alert type that led to the entry (1–7); NULL for a manual entry.
  event_type smallint CHECK (event_type BETWEEN 1 AND 7),
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, member_id)
);
CREATE INDEX blacklist_member_created_idx ON blacklist_member (cid, created_at DESC, member_id);
