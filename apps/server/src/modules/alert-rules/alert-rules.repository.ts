import type { AlertRule, AlertRuleBody, AlertRuleRecord } from '@pitboss/contract';
import { typeNameOf } from '@pitboss/contract';
import type { Sql } from '../../db/database';

/** Advisory-lock namespace (first key) for rule changes of one company (the second key is the cid). */
const RULES_LOCK_NAMESPACE = 400;

interface RuleRow {
  event_id: number;
  event_name: string;
  event_type: AlertRule['EventType'];
  time_unit: AlertRule['TimeUnit'];
  loop_value: number;
  enabled: boolean;
  levels: AlertRule['Levels'];
  created_at: string;
  updated_at: string;
  updated_by: string;
}

const COLUMNS = `event_id, event_name, event_type, time_unit, loop_value, enabled, levels, created_at, updated_at, updated_by`;

function toRecord(row: RuleRow): AlertRuleRecord {
  return {
    EventID: row.event_id,
    EventName: row.event_name,
    EventType: row.event_type,
    TypeName: typeNameOf(row.event_type),
    TimeUnit: row.time_unit,
    LoopValue: row.loop_value,
    Enabled: row.enabled,
    Levels: row.levels,
    CreateDate: row.created_at,
    UpdateDate: row.updated_at,
    UpdatedBy: row.updated_by,
  };
}

/** Levels in order 1 → 3, with only the contract's fields. */
function levelsJson(levels: AlertRule['Levels']): string {
  return JSON.stringify(
    [...levels]
      .sort((a, b) => a.Level - b.Level)
      .map(({ Level, Op, Value, MinSample }) => ({ Level, Op, Value, MinSample })),
  );
}

/** Gives a new company `rules` (the engine's DEFAULT_RULES) with their EventIDs, updated by "system". */
export async function insertDefaultRules(sql: Sql, cid: number, rules: readonly AlertRule[]): Promise<void> {
  await sql.query(
    `INSERT INTO player_alert_rule (cid, event_id, event_name, event_type, time_unit, loop_value, enabled, levels, updated_by)
     SELECT $1, r.event_id, r.event_name, r.event_type, r.time_unit, r.loop_value, r.enabled, r.levels, 'system'
       FROM jsonb_to_recordset($2::jsonb) AS r(event_id int, event_name text, event_type int, time_unit text,
                                                loop_value int, enabled boolean, levels jsonb)
     ON CONFLICT DO NOTHING`,
    [
      cid,
      JSON.stringify(
        rules.map((rule) => ({
          event_id: rule.EventID,
          event_name: rule.EventName,
          event_type: rule.EventType,
          time_unit: rule.TimeUnit,
          loop_value: rule.LoopValue,
          enabled: rule.Enabled,
          levels: JSON.parse(levelsJson(rule.Levels)),
        })),
      ),
    ],
  );
}

/** The company's rules (deleted ones left out), by EventID. */
export async function listRules(sql: Sql, cid: number): Promise<AlertRuleRecord[]> {
  const { rows } = await sql.query<RuleRow>(
    `SELECT ${COLUMNS} FROM player_alert_rule WHERE cid = $1 AND deleted_at IS NULL ORDER BY event_id`,
    [cid],
  );
  return rows.map(toRecord);
}

/** Serialises rule changes of one company (the EventID of a new rule is the next free one). */
export async function lockRules(sql: Sql, cid: number): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [RULES_LOCK_NAMESPACE, cid]);
}

/** Adds a rule under `eventId` (the company's next EventID of any kind: `app.alerting.nextEventId`). */
export async function insertRule(
  sql: Sql,
  cid: number,
  eventId: number,
  rule: AlertRuleBody,
  account: string,
): Promise<AlertRuleRecord> {
  const { rows } = await sql.query<RuleRow>(
    `INSERT INTO player_alert_rule (cid, event_id, event_name, event_type, time_unit, loop_value, enabled, levels, updated_by)
     VALUES ($1, $9, $2, $3, $4, $5, $6, $7::jsonb, $8)
     RETURNING ${COLUMNS}`,
    [
      cid,
      rule.EventName,
      rule.EventType,
      rule.TimeUnit,
      rule.LoopValue,
      rule.Enabled,
      levelsJson(rule.Levels),
      account,
      eventId,
    ],
  );
  return toRecord(rows[0] as RuleRow);
}

/** Replaces a rule's fields; undefined when the company has no such rule. */
export async function updateRule(
  sql: Sql,
  cid: number,
  eventId: number,
  rule: AlertRuleBody,
  account: string,
): Promise<AlertRuleRecord | undefined> {
  const { rows } = await sql.query<RuleRow>(
    `UPDATE player_alert_rule
        SET event_name = $3, event_type = $4, time_unit = $5, loop_value = $6, enabled = $7, levels = $8::jsonb,
            updated_by = $9, updated_at = now()
      WHERE cid = $1 AND event_id = $2 AND deleted_at IS NULL
     RETURNING ${COLUMNS}`,
    [
      cid,
      eventId,
      rule.EventName,
      rule.EventType,
      rule.TimeUnit,
      rule.LoopValue,
      rule.Enabled,
      levelsJson(rule.Levels),
      account,
    ],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function setRuleEnabled(
  sql: Sql,
  cid: number,
  eventId: number,
  enabled: boolean,
  account: string,
): Promise<AlertRuleRecord | undefined> {
  const { rows } = await sql.query<RuleRow>(
    `UPDATE player_alert_rule SET enabled = $3, updated_by = $4, updated_at = now()
      WHERE cid = $1 AND event_id = $2 AND deleted_at IS NULL
     RETURNING ${COLUMNS}`,
    [cid, eventId, enabled, account],
  );
  return rows[0] && toRecord(rows[0]);
}

/** Marks a rule deleted (its row stays so its EventID is not reused); false when there was none. */
export async function deleteRule(sql: Sql, cid: number, eventId: number, account: string): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE player_alert_rule SET deleted_at = now(), enabled = false, updated_by = $3, updated_at = now()
      WHERE cid = $1 AND event_id = $2 AND deleted_at IS NULL`,
    [cid, eventId, account],
  );
  return (rowCount ?? 0) > 0;
}

/** A rule as the engine runs it, with the time its current version took effect. */
export interface ActiveRule {
  rule: AlertRule;
  /** When the rule was last changed, epoch ms: replayed events before it raise nothing under it. */
  sinceMs: number;
}

/** The company's rules for the detectors (enabled or not; the engine skips disabled ones). */
export async function loadRules(sql: Sql, cid: number): Promise<ActiveRule[]> {
  const rules = await listRules(sql, cid);
  return rules.map((r) => ({
    rule: {
      EventID: r.EventID,
      EventName: r.EventName,
      EventType: r.EventType,
      TimeUnit: r.TimeUnit,
      LoopValue: r.LoopValue,
      Enabled: r.Enabled,
      Levels: r.Levels,
    },
    sinceMs: Date.parse(r.UpdateDate),
  }));
}
