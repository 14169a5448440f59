import type { Sql } from '../../db/database';
import { type IncidentChange, incidentKey, type OpenAlert, raiseKey } from './detection/incidents';
import type { NewAlert } from './player-alerts.repository';

/**
 * How alerts are written at ingest (one incident, one alert: `detection/incidents.ts`). Every function
 * runs in the caller's (ingest) transaction, under the company's ingest lock.
 */

/** The raises among `alerts` stored before (a replay, another process): their `raiseKey`s. */
export async function findKnownRaises(sql: Sql, cid: number, alerts: readonly NewAlert[]): Promise<Set<string>> {
  if (alerts.length === 0) return new Set();
  const { rows } = await sql.query<{
    event_id: number;
    subject_kind: string;
    subject_id: string;
    raising_event_id: string;
    level: number;
  }>(
    `SELECT r.event_id, r.subject_kind, r.subject_id, r.raising_event_id, r.level
       FROM player_alert_raise r
       JOIN unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::smallint[])
            AS k(event_id, subject_kind, subject_id, raising_event_id, level)
         ON r.event_id = k.event_id AND r.subject_kind = k.subject_kind AND r.subject_id = k.subject_id
        AND r.raising_event_id = k.raising_event_id AND r.level = k.level
      WHERE r.cid = $1`,
    [
      cid,
      alerts.map((a) => a.ruleId),
      alerts.map((a) => a.subject.kind),
      alerts.map((a) => a.subject.id),
      alerts.map((a) => a.eventId),
      alerts.map((a) => a.level),
    ],
  );
  return new Set(
    rows.map((r) =>
      raiseKey({
        ruleId: r.event_id,
        subject: { kind: r.subject_kind as NewAlert['subject']['kind'], id: r.subject_id },
        eventId: r.raising_event_id,
        level: r.level as NewAlert['level'],
      }),
    ),
  );
}

/** The pending alerts of the rules and subjects of `alerts`, locked until the transaction ends; by `incidentKey`. */
export async function lockOpenAlerts(
  sql: Sql,
  cid: number,
  alerts: readonly NewAlert[],
): Promise<Map<string, OpenAlert>> {
  if (alerts.length === 0) return new Map();
  const { rows } = await sql.query<{
    alert_id: number;
    event_id: number;
    subject_kind: string;
    subject_id: string;
    level: number;
  }>(
    `SELECT a.alert_id, a.event_id, a.subject_kind, a.subject_id, a.level
       FROM player_alert a
       JOIN (SELECT DISTINCT * FROM unnest($2::int[], $3::text[], $4::text[]) AS k(event_id, subject_kind, subject_id)) k
         ON a.event_id = k.event_id AND a.subject_kind = k.subject_kind AND a.subject_id = k.subject_id
      WHERE a.cid = $1 AND a.status = 0
      ORDER BY a.alert_id
        FOR UPDATE OF a`,
    [cid, alerts.map((a) => a.ruleId), alerts.map((a) => a.subject.kind), alerts.map((a) => a.subject.id)],
  );
  return new Map(
    rows.map((r) => [
      incidentKey({
        ruleId: r.event_id,
        subject: { kind: r.subject_kind as NewAlert['subject']['kind'], id: r.subject_id },
      }),
      {
        alertId: r.alert_id,
        eventId: r.event_id,
        subjectKind: r.subject_kind,
        subjectId: r.subject_id,
        level: r.level as OpenAlert['level'],
      },
    ]),
  );
}

/** An alert row's columns from its highest raise, as `jsonb_to_recordset` reads them. */
function rowOf(change: IncidentChange, n: number) {
  const a = change.top;
  return {
    n,
    alert_id: change.alertId ?? null,
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
    steps: change.steps,
  };
}

const INPUT = `jsonb_to_recordset($2::jsonb) AS r(
  n int, alert_id bigint, event_id int, event_name text, event_type smallint, level smallint, subject_kind text,
  subject_id text, member_id text, value float8, threshold float8, op text, sample int, min_sample int,
  window_start timestamptz, window_end timestamptz, raising_event_id text, event_ids jsonb, event_count int,
  steps jsonb)`;

const EVENT_IDS = 'ARRAY(SELECT e FROM jsonb_array_elements_text(r.event_ids) WITH ORDINALITY AS x(e, k) ORDER BY k)';

/**
 * Opens the new alerts and escalates the pending ones of `changes`, at `detectedAt`. Answers the alert id
 * of every change, in order.
 */
export async function writeIncidents(
  sql: Sql,
  cid: number,
  changes: readonly IncidentChange[],
  detectedAt: string,
): Promise<number[]> {
  if (changes.length === 0) return [];
  const input = JSON.stringify(changes.map(rowOf));
  const { rows } = await sql.query<{ alert_id: number; n: number }>(
    `WITH escalated AS (
       UPDATE player_alert a
          SET event_name = r.event_name, level = r.level, value = r.value, threshold = r.threshold, op = r.op,
              sample = r.sample, min_sample = r.min_sample, window_start = r.window_start, window_end = r.window_end,
              raising_event_id = r.raising_event_id, event_ids = ${EVENT_IDS}, event_count = r.event_count,
              level_history = a.level_history || r.steps
         FROM ${INPUT}
        WHERE a.cid = $1 AND a.alert_id = r.alert_id AND a.status = 0
       RETURNING a.alert_id, r.n
     ), opened AS (
       INSERT INTO player_alert (cid, event_id, event_name, event_type, level, subject_kind, subject_id, member_id,
                                 value, threshold, op, sample, min_sample, window_start, window_end,
                                 raising_event_id, event_ids, event_count, level_history, created_at)
       SELECT $1, r.event_id, r.event_name, r.event_type, r.level, r.subject_kind, r.subject_id, r.member_id, r.value,
              r.threshold, r.op, r.sample, r.min_sample, r.window_start, r.window_end, r.raising_event_id, ${EVENT_IDS},
              r.event_count, r.steps, $3::timestamptz
         FROM ${INPUT} WHERE r.alert_id IS NULL ORDER BY r.n
       RETURNING alert_id, event_id, subject_kind, subject_id
     )
     SELECT alert_id, n FROM escalated
     UNION ALL
     SELECT o.alert_id, r.n FROM opened o
       JOIN ${INPUT} ON r.alert_id IS NULL AND r.event_id = o.event_id AND r.subject_kind = o.subject_kind
        AND r.subject_id = o.subject_id`,
    [cid, input, detectedAt],
  );
  const ids: number[] = [];
  for (const row of rows) ids[row.n] = row.alert_id;
  if (ids.length !== changes.length || ids.includes(undefined as unknown as number)) {
    throw new Error('A pending alert to escalate was not found: it changed while the company was locked');
  }
  return ids;
}

/** Records the raises (rule, subject, raising event, level) with the alert each opened, escalated or joined. */
export async function insertRaises(
  sql: Sql,
  cid: number,
  raises: readonly { alert: NewAlert; alertId: number }[],
): Promise<void> {
  if (raises.length === 0) return;
  await sql.query(
    `INSERT INTO player_alert_raise (cid, event_id, subject_kind, subject_id, raising_event_id, level, alert_id)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::smallint[], $7::bigint[])
     ON CONFLICT DO NOTHING`,
    [
      cid,
      raises.map((r) => r.alert.ruleId),
      raises.map((r) => r.alert.subject.kind),
      raises.map((r) => r.alert.subject.id),
      raises.map((r) => r.alert.eventId),
      raises.map((r) => r.alert.level),
      raises.map((r) => r.alertId),
    ],
  );
}
