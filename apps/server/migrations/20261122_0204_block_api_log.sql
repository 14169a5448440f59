-- Block-API log (spec §3): one row per attempt to call a block API, written by the outbox channel.
CREATE TABLE block_api_log (
  cid integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id text NOT NULL,
  api_id integer NOT NULL,
  api_name text NOT NULL,
  outbox_id bigint NOT NULL,
  attempt integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('sent', 'retry', 'failed', 'cancelled')),
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, id)
);
CREATE INDEX block_api_log_time_idx ON block_api_log (cid, created_at DESC, id DESC);
CREATE INDEX block_api_log_member_idx ON block_api_log (cid, member_id, created_at DESC);
