-- Console IP allowlist per company: addresses and CIDR ranges. When a company has entries, login and
-- every console call of that company from elsewhere are refused (ingest keys are not affected).
CREATE TABLE console_ip_allowlist (
  cid integer NOT NULL REFERENCES company (cid),
  entry text NOT NULL,
  memo text NOT NULL DEFAULT '',
  -- The order the admin gave.
  position integer NOT NULL DEFAULT 0,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, entry)
);
