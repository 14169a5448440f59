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
         (b.member_id IS NOT NULL) AS "Blacklisted"
    FROM player_alert a
    LEFT JOIN member m ON m.cid = a.cid AND m.member_id = a.member_id AND a.member_id <> ''
    LEFT JOIN blacklist_member b ON b.cid = a.cid AND b.member_id = a.member_id AND a.member_id <> ''`;

export type AlertRow = Omit<AlertRecord, 'TypeName'>;

export function toRecord(row: AlertRow): AlertRecord {
  return { ...row, TypeName: typeNameOf(row.EventType) };
}

/**
 * Stores alerts in the caller's (ingest) transaction; one already stored (same rule, subject, raising
 * event and level) is skipped. Answers those stored now: their id and index in `alerts`, in that order.
 */
export async function insertAlerts(
  sql: Sql,
  cid: number,
  alerts: readonly NewAlert[],
): Promise<{ alertId: number; index: number }[]> {
  if (alerts.length === 0) return [];
  const rows = alerts.map((a, n) => ({
    n,
    event_id: a.ruleId,
    event_name: a.eventName,
    event_type: a.eventType,
    level: a.level,
    subject_kind: a.subject.kind,
    subject_id: a.subject.id,
    member_id: a.subject.kind === 'member' ? a.subject.id : '',
    value: a.value,
    threshold: a.threshold,
    op: a.op,
    sample: a.sample,
    min_sample: a.minSample,
    window_start: a.windowStart,
    window_end: a.windowEnd,
    raising_event_id: a.eventId,
    event_ids: a.eventIds,
    event_count: a.eventCount,
  }));
  const { rows: stored } = await sql.query<{ alert_id: number; n: number }>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(
         n int, event_id int, event_name text, event_type smallint, level smallint, subject_kind text,
         subject_id text, member_id text, value float8, threshold float8, op text, sample int, min_sample int,
         window_start timestamptz, window_end timestamptz, raising_event_id text, event_ids jsonb, event_count int)
     ), inserted AS (
       INSERT INTO player_alert (cid, event_id, event_name, event_type, level, subject_kind, subject_id, member_id,
                                 value, threshold, op, sample, min_sample, window_start, window_end,
                                 raising_event_id, event_ids, event_count)
       SELECT $1, event_id, event_name, event_type, level, subject_kind, subject_id, member_id, value, threshold, op,
              sample, min_sample, window_start, window_end, raising_event_id,
              ARRAY(SELECT e FROM jsonb_array_elements_text(event_ids) WITH ORDINALITY AS x(e, k) ORDER BY k), event_count
         FROM input ORDER BY n
       ON CONFLICT DO NOTHING
       RETURNING alert_id, event_id, subject_kind, subject_id, raising_event_id, level
     )
     SELECT i.alert_id, input.n FROM inserted i
       JOIN input USING (event_id, subject_kind, subject_id, raising_event_id, level)
      ORDER BY input.n`,
    [cid, JSON.stringify(rows)],
  );
  return stored.map((r) => ({ alertId: r.alert_id, index: r.n }));
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
