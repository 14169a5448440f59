import type { Sql } from '../../db/database';
import { ALERT_RECORD_SELECT, type AlertRow } from '../player-alerts/player-alerts.repository';

/** The risk dashboard's figures over alerts whose event time (window_end) lies in [start, end). */
export interface Period {
  start: string;
  end: string;
}

export async function companyTimeZone(sql: Sql, cid: number): Promise<string> {
  const { rows } = await sql.query<{ time_zone: string }>('SELECT time_zone FROM company WHERE cid = $1', [cid]);
  return rows[0]?.time_zone ?? 'UTC';
}

export async function countTotals(sql: Sql, cid: number, p: Period) {
  const { rows } = await sql.query<{ alerts: number; pending: number; subjects: number }>(
    `SELECT count(*)::int AS alerts, count(*) FILTER (WHERE status = 0)::int AS pending,
            count(DISTINCT (subject_kind, subject_id))::int AS subjects
       FROM player_alert WHERE cid = $1 AND window_end >= $2 AND window_end < $3`,
    [cid, p.start, p.end],
  );
  return rows[0] ?? { alerts: 0, pending: 0, subjects: 0 };
}

export async function countByTypeAndLevel(sql: Sql, cid: number, p: Period) {
  const { rows } = await sql.query<{ event_type: number; level: number; count: number; pending: number }>(
    `SELECT event_type, level, count(*)::int AS count, count(*) FILTER (WHERE status = 0)::int AS pending
       FROM player_alert WHERE cid = $1 AND window_end >= $2 AND window_end < $3
      GROUP BY event_type, level`,
    [cid, p.start, p.end],
  );
  return rows;
}

/**
 * Alerts per bucket (hour or day of the company's time zone) and type, every bucket of the period
 * present (zero when empty). `bucket` is the bucket's start as an instant.
 */
export async function countTrend(sql: Sql, cid: number, p: Period, unit: 'hour' | 'day', timeZone: string) {
  const { rows } = await sql.query<{ bucket: string; event_type: number; count: number }>(
    `WITH buckets AS (
       SELECT b AS local_start
         FROM generate_series(date_trunc($4, $2::timestamptz AT TIME ZONE $5),
                              ($3::timestamptz - interval '1 microsecond') AT TIME ZONE $5,
                              ('1 ' || $4)::interval) AS b
     ), counts AS (
       SELECT date_trunc($4, window_end AT TIME ZONE $5) AS local_start, event_type, count(*)::int AS count
         FROM player_alert WHERE cid = $1 AND window_end >= $2 AND window_end < $3
        GROUP BY 1, 2
     )
     SELECT b.local_start AT TIME ZONE $5 AS bucket, t.event_type, COALESCE(c.count, 0) AS count
       FROM buckets b CROSS JOIN generate_series(1, 7) AS t(event_type)
       LEFT JOIN counts c ON c.local_start = b.local_start AND c.event_type = t.event_type
      ORDER BY b.local_start, t.event_type`,
    [cid, p.start, p.end, unit, timeZone],
  );
  return rows;
}

/** The members with the most alerts in the period (member subjects only). */
export async function topMembers(sql: Sql, cid: number, p: Period, limit: number) {
  const { rows } = await sql.query<{
    MemberID: string;
    NickName: string;
    Count: number;
    MaxLevel: 1 | 2 | 3;
    LastAt: string;
  }>(
    `SELECT t.member_id AS "MemberID", COALESCE(m.nick_name, '') AS "NickName", t.count AS "Count",
            t.max_level AS "MaxLevel", t.last_at AS "LastAt"
       FROM (SELECT member_id, count(*)::int AS count, max(level)::int AS max_level, max(window_end) AS last_at
               FROM player_alert WHERE cid = $1 AND window_end >= $2 AND window_end < $3 AND member_id <> ''
              GROUP BY member_id ORDER BY count(*) DESC, max(window_end) DESC, member_id LIMIT $4) t
       LEFT JOIN member m ON m.cid = $1 AND m.member_id = t.member_id
      ORDER BY t.count DESC, t.last_at DESC, t.member_id`,
    [cid, p.start, p.end, limit],
  );
  return rows;
}

/** The newest alerts of the period (by storage time). */
export async function latestAlerts(sql: Sql, cid: number, p: Period, limit: number): Promise<AlertRow[]> {
  const { rows } = await sql.query<AlertRow>(
    `${ALERT_RECORD_SELECT}
      WHERE a.cid = $1 AND a.window_end >= $2 AND a.window_end < $3
      ORDER BY a.created_at DESC, a.alert_id DESC LIMIT $4`,
    [cid, p.start, p.end, limit],
  );
  return rows;
}
