-- Notification settings (spec §3 "Mail alert config", "Notice block setting") and the delivery log over
-- the outbox (modules/notifications). EventIDs name rules of any kind (alert_event_seq, unique per company).

-- One row per event, level and address (stored lower-case): its alerts are mailed there.
CREATE TABLE notice_mail_config (
  cid integer NOT NULL,
  event_id integer NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  mail text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, event_id, level, mail)
);

-- One row per event, level and block API: its alerts call that API to lock the members concerned.
CREATE TABLE notice_block_setting (
  cid integer NOT NULL,
  event_id integer NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  api_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, event_id, level, api_id)
);

-- What each notification outbox item is for (its status, attempts and times are the outbox row's):
-- written with the item, in the same transaction.
CREATE TABLE notification_delivery (
  cid integer NOT NULL,
  outbox_id bigint NOT NULL,
  channel text NOT NULL CHECK (channel IN ('Email', 'SMS', 'TG', 'API')),
  target text NOT NULL,
  -- Lower-case address of a mail (per-recipient storm limit); null for other channels.
  recipient text,
  event_id integer,
  event_name text NOT NULL DEFAULT '',
  level smallint,
  alert_kind text,
  alert_id bigint,
  alert_path text,
  -- How many alerts a digest mail summarises; 0 for the notification of one alert.
  digest integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, outbox_id)
);
CREATE INDEX notification_delivery_time_idx ON notification_delivery (cid, created_at DESC, outbox_id DESC);
CREATE INDEX notification_delivery_recipient_idx ON notification_delivery (cid, recipient, created_at)
  WHERE recipient IS NOT NULL AND digest = 0;

-- Alerts held back by the per-recipient limit, mailed together as one digest per recipient and minute.
CREATE TABLE notification_digest_entry (
  cid integer NOT NULL,
  recipient text NOT NULL,
  bucket timestamptz NOT NULL,
  notice_key text NOT NULL,
  language text NOT NULL,
  notice jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, recipient, bucket, notice_key)
);
