import type { AlertOverviewRow } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { sqlOrder } from '../../db/sql';

export interface OverviewFilter {
  start: string;
  end: string;
  eventTypes?: number[] | undefined;
  levels?: number[] | undefined;
  /** Only these members' alerts (member subjects). */
  memberIds?: string[] | undefined;
  sort: { field: 'Alerts' | 'LastAt' | 'MaxLevel' | 'MemberID'; order: 'Desc' | 'Asc' };
  limit: number;
  offset: number;
}

const SORT: Record<OverviewFilter['sort']['field'], string> = {
  Alerts: 's.alerts',
  LastAt: 's.last_at',
  MaxLevel: 's.max_level',
  MemberID: 's.member_id',
};

/** Alerted subjects (members, IPs, devices) of a period with their counts, paged; the total counts subjects. */
export async function listAlertedSubjects(
  sql: Sql,
  cid: number,
  f: OverviewFilter,
): Promise<{ rows: AlertOverviewRow[]; total: number }> {
  const where = `cid = $1 AND window_end >= $2 AND window_end < $3
      AND ($4::smallint[] IS NULL OR event_type = ANY($4::smallint[]))
      AND ($5::smallint[] IS NULL OR level = ANY($5::smallint[]))
      AND ($6::text[] IS NULL OR member_id = ANY($6::text[]))`;
  const params = [cid, f.start, f.end, f.eventTypes ?? null, f.levels ?? null, f.memberIds ?? null];
  const order = sqlOrder(f.sort.order);
  const { rows } = await sql.query<{
    subject_kind: AlertOverviewRow['SubjectKind'];
    subject_id: string;
    member_id: string;
    nick_name: string | null;
    alerts: number;
    pending: number;
    max_level: 1 | 2 | 3;
    by_type: Record<string, number>;
    first_at: string;
    last_at: string;
  }>(
    `WITH per_type AS (
       SELECT subject_kind, subject_id, member_id, event_type, count(*)::int AS alerts,
              count(*) FILTER (WHERE status = 0)::int AS pending, max(level)::int AS max_level,
              min(window_end) AS first_at, max(window_end) AS last_at
         FROM player_alert WHERE ${where}
        GROUP BY subject_kind, subject_id, member_id, event_type
     ), s AS (
       SELECT subject_kind, subject_id, member_id, sum(alerts)::int AS alerts, sum(pending)::int AS pending,
              max(max_level)::int AS max_level, jsonb_object_agg(event_type::text, alerts) AS by_type,
              min(first_at) AS first_at, max(last_at) AS last_at
         FROM per_type GROUP BY subject_kind, subject_id, member_id
     )
     SELECT s.*, m.nick_name FROM s
       LEFT JOIN member m ON m.cid = $1 AND m.member_id = s.member_id AND s.member_id <> ''
      ORDER BY ${SORT[f.sort.field]} ${order}, s.last_at DESC, s.subject_kind, s.subject_id
      LIMIT $7 OFFSET $8`,
    [...params, f.limit, f.offset],
  );
  const count = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT subject_kind, subject_id FROM player_alert WHERE ${where}) s`,
    params,
  );
  return {
    rows: rows.map((r) => ({
      SubjectKind: r.subject_kind,
      MemberID: r.member_id,
      NickName: r.nick_name ?? '',
      IP: r.subject_kind === 'ip' ? r.subject_id : '',
      Device: r.subject_kind === 'device' ? r.subject_id : '',
      Alerts: r.alerts,
      Pending: r.pending,
      MaxLevel: r.max_level,
      ByType: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((k) => [k, r.by_type[k] ?? 0])),
      FirstAt: r.first_at,
      LastAt: r.last_at,
    })),
    total: count.rows[0]?.n ?? 0,
  };
}
