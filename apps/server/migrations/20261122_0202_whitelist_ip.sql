-- IP whitelist (spec §3 "Whitelist IP"): addresses and CIDR ranges, IPv4 or IPv6, exempt from IP alerts.
-- `cidr` keeps them canonical (a plain address is a /32 or /128), so a duplicate is one row.
CREATE TABLE whitelist_ip (
  cid integer NOT NULL,
  ip cidr NOT NULL,
  memo text NOT NULL DEFAULT '',
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, ip)
);
CREATE INDEX whitelist_ip_created_idx ON whitelist_ip (cid, created_at DESC);
