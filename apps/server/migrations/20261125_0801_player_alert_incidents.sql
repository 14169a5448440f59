-- One incident, one alert. While a player alert is pending, a higher level raised for the same rule and
-- subject escalates it (level, value and evidence move up; `level_history` keeps each level reached,
-- oldest first); a raise at the same or a lower level adds nothing; once processed, a new raise makes a
-- new alert. So at most one alert per rule and subject is pending (`player_alert_open`).
--
-- Every raise of the detectors (rule, subject, raising event, level) is kept in `player_alert_raise`,
-- pointing to the alert it raised, escalated or joined: storing stays idempotent when a replay or another
-- process raises it again (this replaces the unique identity index on the alert itself).
--
-- Existing data: the pending alerts of one rule and subject fold into the highest (then newest) of them,
-- with every folded level in its history; their raises point to it.
ALTER TABLE player_alert ADD COLUMN level_history jsonb NOT NULL DEFAULT '[]';

CREATE TABLE player_alert_raise (
  cid integer NOT NULL,
  event_id integer NOT NULL,
  subject_kind text NOT NULL,
  subject_id text NOT NULL,
  raising_event_id text NOT NULL,
  level smallint NOT NULL,
  alert_id bigint NOT NULL,
  PRIMARY KEY (cid, event_id, subject_kind, subject_id, raising_event_id, level)
);

CREATE TEMPORARY TABLE alert_fold ON COMMIT DROP AS
SELECT cid, alert_id,
       CASE WHEN status = 0 THEN
         first_value(alert_id) OVER (PARTITION BY cid, event_id, subject_kind, subject_id, status
                                     ORDER BY level DESC, window_end DESC, alert_id DESC)
       ELSE alert_id END AS keeper
  FROM player_alert;

INSERT INTO player_alert_raise (cid, event_id, subject_kind, subject_id, raising_event_id, level, alert_id)
SELECT a.cid, a.event_id, a.subject_kind, a.subject_id, a.raising_event_id, a.level, f.keeper
  FROM player_alert a JOIN alert_fold f ON f.cid = a.cid AND f.alert_id = a.alert_id;

UPDATE player_alert k
   SET level_history = h.history
  FROM (SELECT f.cid, f.keeper,
               jsonb_agg(jsonb_build_object(
                 'Level', a.level, 'Value', a.value, 'Threshold', a.threshold,
                 'HappenedAt', to_char(a.window_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'DetectedAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                 ORDER BY a.window_end, a.level, a.alert_id) AS history
          FROM alert_fold f JOIN player_alert a ON a.cid = f.cid AND a.alert_id = f.alert_id
         GROUP BY f.cid, f.keeper) h
 WHERE k.cid = h.cid AND k.alert_id = h.keeper;

DELETE FROM player_alert a USING alert_fold f
 WHERE f.cid = a.cid AND f.alert_id = a.alert_id AND f.keeper <> f.alert_id;

DROP INDEX player_alert_identity;
CREATE UNIQUE INDEX player_alert_open ON player_alert (cid, event_id, subject_kind, subject_id) WHERE status = 0;
