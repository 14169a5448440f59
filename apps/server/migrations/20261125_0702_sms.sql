-- SMS notifications (issue 23 item 4, modules/notifications): a user's mobile number (E.164, '' for none)
-- and the mobile numbers an event's alerts at a level are texted to (beside the mail configs).
ALTER TABLE app_user ADD COLUMN mobile text NOT NULL DEFAULT '';

CREATE TABLE notice_sms_config (
  cid integer NOT NULL,
  event_id integer NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  mobile text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, event_id, level, mobile)
);
