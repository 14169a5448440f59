import { type ALERT_SORT_FIELDS, type AlertRecord, typeNameOf } from '@pitboss/contract';
import type { Alert } from '@pitboss/engine';
import type { Sql } from '../../db/database';
import { sqlOrder } from '../../db/sql';

/** An alert the engine raised, with the name of its rule at that moment. */
export type NewAlert = Alert & { eventName: string };

/** Stored alerts as the list answers them (TypeName is added in `toRecord`). */
export const ALERT_RECORD_SELECT = `
  SELECT a.alert_id AS "AlertID", a.event_id AS "EventID", a.event_name AS "EventName", a.event_type AS "EventType",
         a.level AS "Level", a.subject_kind AS "SubjectKind", a.member_id AS "MemberID",
         COALESCE(m.nick_name, '') AS "NickName",
         CASE WHEN a.subject_kind = 'ip' THEN a.subject_id ELSE '' END AS "IP",
         CASE WHEN a.subject_kind = 'device' THEN a.subject_id ELSE '' END AS "Device",
         a.value AS "Value", a.threshold AS "Threshold", a.op AS "Op", a.sample AS "Sample", a.min_sample AS "MinSample",
         a.window_start AS "WindowStart", a.window_end AS "WindowEnd", a.status AS "Status",
         a.processed_by AS "ProcessedBy", a.processed_at AS "ProcessedAt", a.memo AS "Memo", a.created_at AS "CreateDate",
         a.window_end AS "HappenedAt", a.created_at AS "DetectedAt", a.level_history AS "LevelHistory",
         (b.member_id IS NOT NULL) AS "Blacklisted"
    FROM player_alert a
    LEFT JOIN member m ON m.cid = a.cid AND m.member_id = a.member_id AND a.member_id <> ''
    LEFT JOIN blacklist_member b ON b.cid = a.cid AND b.member_id = a.member_id AND a.member_id <> ''`;

export type AlertRow = Omit<AlertRecord, 'TypeName'>;

export function toRecord(row: AlertRow): AlertRecord {
  return { ...row, TypeName: typeNameOf(row.EventType) };
}

/** The records of the given alerts of the company, newest first. */
export async function findAlerts(sql: Sql, cid: number, ids: readonly number[]): Promise<AlertRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql.query<AlertRow>(
    `${ALERT_RECORD_SELECT} WHERE a.cid = $1 AND a.alert_id = ANY($2::bigint[]) ORDER BY a.alert_id DESC`,
    [cid, ids],
  );
  return rows.map(toRecord);
}

export interface AlertFilter {
  start: string;
  end: string;
  eventTypes?: number[] | undefined;
  levels?: number[] | undefined;
  status?: number | undefined;
  memberIds?: string[] | undefined;
  ip?: string | undefined;
  eventIds?: number[] | undefined;
}

/** WHERE clause and parameters (from $1) of a filter on the alerts `a` of company `cid`. */
export function alertWhere(cid: number, f: AlertFilter): { where: string; params: unknown[] } {
  return {
    where: `a.cid = $1 AND a.window_end >= $2 AND a.window_end < $3
      AND ($4::smallint[] IS NULL OR a.event_type = ANY($4::smallint[]))
      AND ($5::smallint[] IS NULL OR a.level = ANY($5::smallint[]))
      AND ($6::smallint IS NULL OR a.status = $6::smallint)
      AND ($7::text[] IS NULL OR a.member_id = ANY($7::text[]))
      AND ($8::text IS NULL OR (a.subject_kind = 'ip' AND a.subject_id = $8::text))
      AND ($9::int[] IS NULL OR a.event_id = ANY($9::int[]))`,
    params: [
      cid,
      f.start,
      f.end,
      f.eventTypes ?? null,
      f.levels ?? null,
      f.status ?? null,
      f.memberIds ?? null,
      f.ip ?? null,
      f.eventIds ?? null,
    ],
  };
}

const SORT: Record<(typeof ALERT_SORT_FIELDS)[number], string> = {
  HappenedAt: 'a.window_end',
  DetectedAt: 'a.created_at',
  CreateDate: 'a.created_at',
  WindowEnd: 'a.window_end',
  Level: 'a.level',
  Value: 'a.value',
  MemberID: 'a.member_id',
  EventType: 'a.event_type',
  AlertID: 'a.alert_id',
};

export async function listAlerts(
  sql: Sql,
  cid: number,
  filter: AlertFilter & {
    sort: { field: (typeof ALERT_SORT_FIELDS)[number]; order: 'Desc' | 'Asc' };
    limit: number;
    offset: number;
  },
): Promise<{ rows: AlertRecord[]; total: number }> {
  const { where, params } = alertWhere(cid, filter);
  const order = sqlOrder(filter.sort.order);
  const { rows } = await sql.query<AlertRow>(
    `${ALERT_RECORD_SELECT} WHERE ${where}
      ORDER BY ${SORT[filter.sort.field]} ${order}, a.alert_id ${order}
      LIMIT $10 OFFSET $11`,
    [...params, filter.limit, filter.offset],
  );
  const count = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM player_alert a WHERE ${where}`, params);
  return { rows: rows.map(toRecord), total: count.rows[0]?.n ?? 0 };
}

/** Locks the given alerts of the company for review; answers each found id with its status. */
export async function lockForReview(sql: Sql, cid: number, ids: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await sql.query<{ alert_id: number; status: number }>(
    `SELECT alert_id, status FROM player_alert WHERE cid = $1 AND alert_id = ANY($2::bigint[]) ORDER BY alert_id FOR UPDATE`,
    [cid, ids],
  );
  return new Map(rows.map((r) => [r.alert_id, r.status]));
}

export async function markProcessed(sql: Sql, cid: number, ids: readonly number[], account: string, memo: string) {
  await sql.query(
    `UPDATE player_alert SET status = 1, processed_by = $3, processed_at = now(), memo = $4
      WHERE cid = $1 AND alert_id = ANY($2::bigint[]) AND status = 0`,
    [cid, ids, account, memo],
  );
}
