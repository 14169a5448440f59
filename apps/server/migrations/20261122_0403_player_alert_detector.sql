-- One row per company for the detectors (modules/detectors). Every ingest transaction writes a fresh
-- `batch_token` under the company's ingest lock: a process whose in-memory engine did not write the
-- token it finds (another process ingested for the company, or its own batch rolled back) rebuilds the
-- engine by replaying stored events first. `newest_at` is the newest event time ingested (where the
-- replay horizon counts back from). Rule and whitelist changes raise the versions in their own
-- transactions, so every process reloads them before its next batch.
CREATE TABLE player_alert_detector (
  cid integer NOT NULL,
  batch_token text,
  newest_at timestamptz,
  rules_version integer NOT NULL DEFAULT 0,
  exemptions_version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid)
);
