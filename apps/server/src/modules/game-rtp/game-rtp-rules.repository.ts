import {
  EVENT_TYPE_NAMES,
  GAME_RTP_EVENT_TYPE,
  type GameRtpRule,
  type GameRtpRuleBody,
  type GameRtpRuleRecord,
} from '@pitboss/contract';
import type { Sql } from '../../db/database';

/** Advisory-lock namespace (first key) for game RTP rule changes of one company (the second key is the cid). */
const RULES_LOCK_NAMESPACE = 500;

interface RuleRow {
  event_id: number;
  event_name: string;
  scope: GameRtpRule['Scope'];
  game_type: string | null;
  game_id: string | null;
  expected_rtp: number | null;
  time_unit: GameRtpRule['TimeUnit'];
  loop_value: number;
  min_rounds: number;
  levels: GameRtpRule['Levels'];
  enabled: boolean;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

const COLUMNS = `event_id, event_name, scope, game_type, game_id, expected_rtp, time_unit, loop_value, min_rounds,
  levels, enabled, created_at, updated_at, updated_by`;

function toRecord(row: RuleRow): GameRtpRuleRecord {
  return {
    EventID: row.event_id,
    EventName: row.event_name,
    EventType: GAME_RTP_EVENT_TYPE,
    TypeName: EVENT_TYPE_NAMES[GAME_RTP_EVENT_TYPE],
    Scope: row.scope,
    GameType: row.game_type,
    GameID: row.game_id,
    ExpectedRTP: row.expected_rtp,
    TimeUnit: row.time_unit,
    LoopValue: row.loop_value,
    MinRounds: row.min_rounds,
    Levels: row.levels,
    Enabled: row.enabled,
    CreateDate: row.created_at,
    UpdateDate: row.updated_at,
    UpdatedBy: row.updated_by,
  };
}

/** The rule's fields as stored: the target only where the scope uses it, levels 1 → 3 with the contract's fields. */
function values(rule: GameRtpRuleBody) {
  return [
    rule.EventName,
    rule.Scope,
    rule.Scope === 'type' ? rule.GameType : null,
    rule.Scope === 'game' ? rule.GameID : null,
    rule.ExpectedRTP,
    rule.TimeUnit,
    rule.LoopValue,
    rule.MinRounds,
    JSON.stringify(
      [...rule.Levels]
        .sort((a, b) => a.Level - b.Level)
        .map(({ Level, Above, Below, Confidence }) => ({ Level, Above, Below, Confidence })),
    ),
    rule.Enabled,
  ];
}

export async function listRules(sql: Sql, cid: number): Promise<GameRtpRuleRecord[]> {
  const { rows } = await sql.query<RuleRow>(
    `SELECT ${COLUMNS} FROM game_rtp_rule WHERE cid = $1 AND deleted_at IS NULL ORDER BY event_id`,
    [cid],
  );
  return rows.map(toRecord);
}

/** Serialises rule changes of one company. */
export async function lockRules(sql: Sql, cid: number): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [RULES_LOCK_NAMESPACE, cid]);
}

export async function insertRule(
  sql: Sql,
  cid: number,
  eventId: number,
  rule: GameRtpRuleBody,
  account: string,
): Promise<GameRtpRuleRecord> {
  const { rows } = await sql.query<RuleRow>(
    `INSERT INTO game_rtp_rule (cid, event_id, event_name, scope, game_type, game_id, expected_rtp, time_unit,
                                loop_value, min_rounds, levels, enabled, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)
     RETURNING ${COLUMNS}`,
    [cid, eventId, ...values(rule), account],
  );
  return toRecord(rows[0] as RuleRow);
}

/** Replaces a rule's fields; undefined when the company has no such rule. */
export async function updateRule(
  sql: Sql,
  cid: number,
  eventId: number,
  rule: GameRtpRuleBody,
  account: string,
): Promise<GameRtpRuleRecord | undefined> {
  const { rows } = await sql.query<RuleRow>(
    `UPDATE game_rtp_rule
        SET event_name = $3, scope = $4, game_type = $5, game_id = $6, expected_rtp = $7, time_unit = $8,
            loop_value = $9, min_rounds = $10, levels = $11::jsonb, enabled = $12, updated_by = $13, updated_at = now()
      WHERE cid = $1 AND event_id = $2 AND deleted_at IS NULL
     RETURNING ${COLUMNS}`,
    [cid, eventId, ...values(rule), account],
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Marks a rule deleted (its row stays: alerts name it); false when the company has no such rule. */
export async function deleteRule(sql: Sql, cid: number, eventId: number, account: string): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE game_rtp_rule SET deleted_at = now(), updated_at = now(), updated_by = $3
      WHERE cid = $1 AND event_id = $2 AND deleted_at IS NULL`,
    [cid, eventId, account],
  );
  return (rowCount ?? 0) > 0;
}

/** Raises the company's rules version: every process reloads its game RTP rules before its next batch. */
export async function markRulesChanged(sql: Sql, cid: number): Promise<void> {
  await sql.query(
    `INSERT INTO game_rtp_detector AS d (cid, rules_version) VALUES ($1, 1)
     ON CONFLICT (cid) DO UPDATE SET rules_version = d.rules_version + 1`,
    [cid],
  );
}
