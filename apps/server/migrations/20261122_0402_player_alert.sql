-- Player alerts raised by the detectors (DESIGN §5), with their evidence, and their review
-- (status 0 pending → 1 processed, who, when, memo). An alert is identified by (rule, subject, raising
-- event, level): the unique index makes storing idempotent, so replaying events after a restart, or
-- another process raising the same alert, stores nothing twice. `event_name` and `event_type` are the
-- rule's when it raised the alert. `member_id` is the member for member subjects, '' otherwise.
-- `event_ids` holds the newest 200 events behind the value (oldest first); `event_count` all of them.
CREATE TABLE player_alert (
  cid integer NOT NULL,
  alert_id bigint GENERATED ALWAYS AS IDENTITY,
  event_id integer NOT NULL,
  event_name text NOT NULL,
  event_type smallint NOT NULL CHECK (event_type BETWEEN 1 AND 7),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  subject_kind text NOT NULL CHECK (subject_kind IN ('member', 'ip', 'device')),
  subject_id text NOT NULL,
  member_id text NOT NULL DEFAULT '',
  value double precision NOT NULL,
  threshold double precision,
  op text NOT NULL,
  sample integer NOT NULL,
  min_sample integer NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  raising_event_id text NOT NULL,
  event_ids text[] NOT NULL,
  event_count integer NOT NULL,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  processed_by text,
  processed_at timestamptz,
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, alert_id)
);
CREATE UNIQUE INDEX player_alert_identity ON player_alert (cid, event_id, subject_kind, subject_id, raising_event_id, level);
-- The list, the dashboard and the overview filter on the event time (window_end) of a period.
CREATE INDEX player_alert_window_end_idx ON player_alert (cid, window_end);
CREATE INDEX player_alert_member_idx ON player_alert (cid, member_id, window_end);
CREATE INDEX player_alert_subject_idx ON player_alert (cid, subject_kind, subject_id, window_end);
CREATE INDEX player_alert_pending_idx ON player_alert (cid, window_end) WHERE status = 0;
