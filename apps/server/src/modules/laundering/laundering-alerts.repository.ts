import type { LaunderingAlertRecord, LevelStep } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { sqlOrder } from '../../db/sql';

/** What the detection raised, ready to store: one matched round of one subject reaching a level. */
export interface LaunderingRaise {
  eventId: number;
  eventName: string;
  groupKind: 'pair' | 'ring';
  subjectKey: string;
  memberIds: string[];
  hub: string;
  roundKey: string;
  level: 1 | 2 | 3;
  rounds: number;
  matchedStake: number;
  netMoved: number;
  windowMs: number;
  windowStart: string;
  windowEnd: string;
}

interface AlertRow {
  alert_id: number;
  event_id: number;
  event_name: string;
  level: 1 | 2 | 3;
  group_kind: 'pair' | 'ring';
  subject_key: string;
  member_ids: string[];
  hub: string;
  rounds: number;
  matched_stake: number;
  net_moved: number;
  window_ms: number;
  window_start: string;
  window_end: string;
  level_history: LevelStep[];
  status: 0 | 1;
  processed_by: string | null;
  processed_at: string | null;
  memo: string;
  created_at: string;
}

const COLUMNS = `alert_id, event_id, event_name, level, group_kind, subject_key, member_ids, hub, rounds, matched_stake,
  net_moved, window_ms, window_start, window_end, level_history, status, processed_by, processed_at, memo, created_at`;

function toRecord(row: AlertRow): LaunderingAlertRecord {
  return {
    AlertID: Number(row.alert_id),
    EventID: row.event_id,
    EventName: row.event_name,
    Level: row.level,
    GroupKind: row.group_kind,
    MemberIDs: row.member_ids,
    Hub: row.hub,
    Rounds: row.rounds,
    MatchedStake: row.matched_stake,
    NetMoved: row.net_moved,
    WindowStart: row.window_start,
    WindowEnd: row.window_end,
    Status: row.status,
    ProcessedBy: row.processed_by,
    ProcessedAt: row.processed_at,
    Memo: row.memo,
    CreateDate: row.created_at,
    HappenedAt: row.window_end,
    DetectedAt: row.created_at,
    LevelHistory: row.level_history,
  };
}

/** Where an alert of a setting and subject stands, for planning what a raise does. */
export interface OpenAlert {
  alertId: number;
  level: 1 | 2 | 3;
  status: 0 | 1;
  windowEndMs: number;
  windowMs: number;
}

const raiseKey = (r: Pick<LaunderingRaise, 'eventId' | 'subjectKey' | 'roundKey' | 'level'>) =>
  `${r.eventId}\u0001${r.subjectKey}\u0001${r.roundKey}\u0001${r.level}`;

export { raiseKey };

/** The raises among `raises` stored before (a replay, another process). */
export async function findKnownRaises(sql: Sql, cid: number, raises: readonly LaunderingRaise[]): Promise<Set<string>> {
  const { rows } = await sql.query<{ event_id: number; subject_key: string; round_key: string; level: 1 | 2 | 3 }>(
    `SELECT r.event_id, r.subject_key, r.round_key, r.level
       FROM laundering_raise r
       JOIN unnest($2::int[], $3::text[], $4::text[], $5::smallint[]) AS k(event_id, subject_key, round_key, level)
         ON r.event_id = k.event_id AND r.subject_key = k.subject_key AND r.round_key = k.round_key AND r.level = k.level
      WHERE r.cid = $1`,
    [
      cid,
      raises.map((r) => r.eventId),
      raises.map((r) => r.subjectKey),
      raises.map((r) => r.roundKey),
      raises.map((r) => r.level),
    ],
  );
  return new Set(
    rows.map((row) =>
      raiseKey({ eventId: row.event_id, subjectKey: row.subject_key, roundKey: row.round_key, level: row.level }),
    ),
  );
}

/**
 * The newest alert of each (setting, subject): the pending one locked (`FOR UPDATE`), else the newest
 * processed one. Keyed `eventId\u0001subjectKey`.
 */
export async function findLatestAlerts(
  sql: Sql,
  cid: number,
  subjects: readonly { eventId: number; subjectKey: string }[],
): Promise<Map<string, OpenAlert>> {
  const eventIds = subjects.map((s) => s.eventId);
  const keys = subjects.map((s) => s.subjectKey);
  const { rows: pending } = await sql.query<{
    alert_id: number;
    event_id: number;
    subject_key: string;
    level: 1 | 2 | 3;
    window_end: string;
    window_ms: number;
  }>(
    `SELECT a.alert_id, a.event_id, a.subject_key, a.level, a.window_end, a.window_ms
       FROM laundering_alert a
       JOIN unnest($2::int[], $3::text[]) AS k(event_id, subject_key)
         ON a.event_id = k.event_id AND a.subject_key = k.subject_key
      WHERE a.cid = $1 AND a.status = 0
      FOR UPDATE OF a`,
    [cid, eventIds, keys],
  );
  const { rows: processed } = await sql.query<{
    alert_id: number;
    event_id: number;
    subject_key: string;
    level: 1 | 2 | 3;
    window_end: string;
    window_ms: number;
  }>(
    `SELECT DISTINCT ON (a.event_id, a.subject_key) a.alert_id, a.event_id, a.subject_key, a.level, a.window_end, a.window_ms
       FROM laundering_alert a
       JOIN unnest($2::int[], $3::text[]) AS k(event_id, subject_key)
         ON a.event_id = k.event_id AND a.subject_key = k.subject_key
      WHERE a.cid = $1 AND a.status = 1
      ORDER BY a.event_id, a.subject_key, a.window_end DESC, a.level DESC`,
    [cid, eventIds, keys],
  );
  const out = new Map<string, OpenAlert>();
  for (const [rows, status] of [
    [processed, 1],
    [pending, 0],
  ] as const) {
    for (const row of rows) {
      out.set(`${row.event_id}\u0001${row.subject_key}`, {
        alertId: Number(row.alert_id),
        level: row.level,
        status,
        windowEndMs: Date.parse(row.window_end),
        windowMs: Number(row.window_ms),
      });
    }
  }
  return out;
}

export async function insertAlert(sql: Sql, cid: number, raise: LaunderingRaise, detectedAt: string): Promise<number> {
  const history: LevelStep[] = [
    { Level: raise.level, Value: raise.rounds, Threshold: null, HappenedAt: raise.windowEnd, DetectedAt: detectedAt },
  ];
  const { rows } = await sql.query<{ alert_id: number }>(
    `INSERT INTO laundering_alert (cid, event_id, event_name, level, group_kind, subject_key, member_ids, hub, rounds,
       matched_stake, net_moved, window_ms, window_start, window_end, level_history, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16)
     RETURNING alert_id`,
    [
      cid,
      raise.eventId,
      raise.eventName,
      raise.level,
      raise.groupKind,
      raise.subjectKey,
      raise.memberIds,
      raise.hub,
      raise.rounds,
      raise.matchedStake,
      raise.netMoved,
      raise.windowMs,
      raise.windowStart,
      raise.windowEnd,
      JSON.stringify(history),
      detectedAt,
    ],
  );
  return Number(rows[0]?.alert_id);
}

/**
 * Updates a pending alert with a newer raise: its measures and members; `escalate` also sets the level
 * and adds a step to the level history.
 */
export async function updateAlert(
  sql: Sql,
  cid: number,
  alertId: number,
  raise: LaunderingRaise,
  escalate: boolean,
  detectedAt: string,
): Promise<void> {
  const step: LevelStep = {
    Level: raise.level,
    Value: raise.rounds,
    Threshold: null,
    HappenedAt: raise.windowEnd,
    DetectedAt: detectedAt,
  };
  await sql.query(
    `UPDATE laundering_alert SET
        level = CASE WHEN $3 THEN $4 ELSE level END,
        level_history = CASE WHEN $3 THEN level_history || $5::jsonb ELSE level_history END,
        member_ids = ARRAY(SELECT DISTINCT unnest(member_ids || $6::text[]) ORDER BY 1),
        rounds = GREATEST(rounds, $7), matched_stake = GREATEST(matched_stake, $8),
        net_moved = CASE WHEN $10::timestamptz > window_end THEN $9 ELSE net_moved END,
        window_start = CASE WHEN $10::timestamptz > window_end THEN $11::timestamptz ELSE window_start END,
        window_end = GREATEST(window_end, $10::timestamptz)
      WHERE cid = $1 AND alert_id = $2`,
    [
      cid,
      alertId,
      escalate,
      raise.level,
      JSON.stringify([step]),
      raise.memberIds,
      raise.rounds,
      raise.matchedStake,
      raise.netMoved,
      raise.windowEnd,
      raise.windowStart,
    ],
  );
}

export async function insertRaises(
  sql: Sql,
  cid: number,
  raises: readonly { raise: LaunderingRaise; alertId: number | null }[],
): Promise<void> {
  if (raises.length === 0) return;
  await sql.query(
    `INSERT INTO laundering_raise (cid, event_id, subject_key, round_key, level, alert_id)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::smallint[], $6::bigint[])
     ON CONFLICT DO NOTHING`,
    [
      cid,
      raises.map((r) => r.raise.eventId),
      raises.map((r) => r.raise.subjectKey),
      raises.map((r) => r.raise.roundKey),
      raises.map((r) => r.raise.level),
      raises.map((r) => r.alertId),
    ],
  );
}

export async function findAlerts(sql: Sql, cid: number, ids: readonly number[]): Promise<LaunderingAlertRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql.query<AlertRow>(
    `SELECT ${COLUMNS} FROM laundering_alert WHERE cid = $1 AND alert_id = ANY($2::bigint[]) ORDER BY alert_id`,
    [cid, ids],
  );
  return rows.map(toRecord);
}

const SORT_COLUMNS: Record<string, string> = {
  HappenedAt: 'window_end',
  DetectedAt: 'created_at',
  CreateDate: 'created_at',
  Level: 'level',
  Rounds: 'rounds',
  MatchedStake: 'matched_stake',
  NetMoved: 'net_moved',
  AlertID: 'alert_id',
};

export interface AlertFilter {
  start: string;
  end: string;
  memberIds?: string[] | undefined;
  levels?: number[] | undefined;
  status?: number | undefined;
  sort: { field: string; order: 'Desc' | 'Asc' };
  page: number;
  pageSize: number;
}

export async function listAlerts(
  sql: Sql,
  cid: number,
  filter: AlertFilter,
): Promise<{ rows: LaunderingAlertRecord[]; total: number }> {
  const where = [`cid = $1`, `window_end >= $2`, `window_end < $3`];
  const values: unknown[] = [cid, filter.start, filter.end];
  if (filter.memberIds) {
    values.push(filter.memberIds);
    where.push(`member_ids && $${values.length}::text[]`);
  }
  if (filter.levels) {
    values.push(filter.levels);
    where.push(`level = ANY($${values.length}::smallint[])`);
  }
  if (filter.status !== undefined) {
    values.push(filter.status);
    where.push(`status = $${values.length}`);
  }
  const column = SORT_COLUMNS[filter.sort.field] ?? 'window_end';
  const order = sqlOrder(filter.sort.order);
  const { rows } = await sql.query<AlertRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM laundering_alert WHERE ${where.join(' AND ')}
      ORDER BY ${column} ${order}, alert_id ${order}
      LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`,
    values,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && filter.page > 1) {
    const { rows: count } = await sql.query<{ n: number }>(
      `SELECT count(*) AS n FROM laundering_alert WHERE ${where.join(' AND ')}`,
      values,
    );
    total = Number(count[0]?.n ?? 0);
  }
  return { rows: rows.map(toRecord), total };
}

export async function lockForReview(sql: Sql, cid: number, ids: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await sql.query<{ alert_id: number; status: number }>(
    `SELECT alert_id, status FROM laundering_alert WHERE cid = $1 AND alert_id = ANY($2::bigint[]) FOR UPDATE`,
    [cid, ids],
  );
  return new Map(rows.map((r) => [Number(r.alert_id), r.status]));
}

export async function markProcessed(sql: Sql, cid: number, ids: readonly number[], by: string, memo: string) {
  await sql.query(
    `UPDATE laundering_alert SET status = 1, processed_by = $3, processed_at = now(), memo = $4
      WHERE cid = $1 AND alert_id = ANY($2::bigint[])`,
    [cid, ids, by, memo],
  );
}
