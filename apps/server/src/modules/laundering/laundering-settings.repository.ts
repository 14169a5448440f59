import type { LaunderingSettingBody, LaunderingSettingRecord } from '@pitboss/contract';
import type { Sql } from '../../db/database';

/** Advisory-lock namespace (first key) for opposing-bet setting changes of one company. */
const SETTINGS_LOCK_NAMESPACE = 550;

interface SettingRow {
  event_id: number;
  event_name: string;
  side_pairs: [string, string][];
  game_types: string[];
  min_stake: number;
  stake_tolerance: number;
  min_opposed_share: number;
  time_unit: LaunderingSettingRecord['TimeUnit'];
  loop_value: number;
  enabled: boolean;
  levels: LaunderingSettingRecord['Levels'];
  created_at: string;
  updated_at: string;
  updated_by: string;
}

const COLUMNS = `event_id, event_name, side_pairs, game_types, min_stake, stake_tolerance, time_unit, loop_value,
  enabled, levels, created_at, updated_at, updated_by, min_opposed_share`;

function toRecord(row: SettingRow): LaunderingSettingRecord {
  return {
    EventID: row.event_id,
    EventName: row.event_name,
    SidePairs: row.side_pairs,
    GameTypes: row.game_types,
    MinStake: Number(row.min_stake),
    StakeTolerance: Number(row.stake_tolerance),
    MinOpposedShare: Number(row.min_opposed_share),
    TimeUnit: row.time_unit,
    LoopValue: row.loop_value,
    Enabled: row.enabled,
    Levels: row.levels,
    CreateDate: row.created_at,
    UpdateDate: row.updated_at,
    UpdatedBy: row.updated_by,
  };
}

function params(body: LaunderingSettingBody): unknown[] {
  const levels = [...body.Levels]
    .sort((a, b) => a.Level - b.Level)
    .map(({ Level, Rounds, MatchedStake, Op }) => ({ Level, Rounds, MatchedStake, Op }));
  return [
    body.EventName,
    JSON.stringify(body.SidePairs),
    JSON.stringify(body.GameTypes),
    body.MinStake,
    body.StakeTolerance,
    body.TimeUnit,
    body.LoopValue,
    body.Enabled,
    JSON.stringify(levels),
    body.MinOpposedShare,
  ];
}

export async function lockSettings(sql: Sql, cid: number): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [SETTINGS_LOCK_NAMESPACE, cid]);
}

/** The company's settings (deleted ones left out), by EventID. */
export async function listSettings(sql: Sql, cid: number): Promise<LaunderingSettingRecord[]> {
  const { rows } = await sql.query<SettingRow>(
    `SELECT ${COLUMNS} FROM laundering_setting WHERE cid = $1 AND deleted_at IS NULL ORDER BY event_id`,
    [cid],
  );
  return rows.map(toRecord);
}

/**
 * The statement `readAtLock` sends: the company's enabled settings, each row with the detector token
 * of the company's last batch (`detector_token`), literal cid (no parameters).
 */
export function enabledSettingsStatement(cid: number): string {
  if (!Number.isSafeInteger(cid)) throw new Error(`Not a company id: ${cid}`);
  return `SELECT ${COLUMNS}, (SELECT token FROM laundering_detector WHERE cid = ${cid}) AS detector_token
            FROM laundering_setting WHERE cid = ${cid} AND deleted_at IS NULL AND enabled ORDER BY event_id`;
}

/** The detector token of the batch that ran last (in the ingest transaction, under the company's lock). */
export async function writeDetectorToken(sql: Sql, cid: number, token: string): Promise<void> {
  await sql.query(
    `INSERT INTO laundering_detector AS d (cid, token) VALUES ($1, $2)
     ON CONFLICT (cid) DO UPDATE SET token = EXCLUDED.token`,
    [cid, token],
  );
}

export function settingOf(row: Record<string, unknown>): LaunderingSettingRecord {
  return toRecord(row as unknown as SettingRow);
}

export async function insertSetting(
  sql: Sql,
  cid: number,
  eventId: number,
  body: LaunderingSettingBody,
  by: string,
): Promise<LaunderingSettingRecord> {
  const { rows } = await sql.query<SettingRow>(
    `INSERT INTO laundering_setting (cid, event_id, event_name, side_pairs, game_types, min_stake, stake_tolerance,
       time_unit, loop_value, enabled, levels, min_opposed_share, updated_by)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)
     RETURNING ${COLUMNS}`,
    [cid, eventId, ...params(body), by],
  );
  return toRecord(rows[0] as SettingRow);
}

export async function updateSetting(
  sql: Sql,
  cid: number,
  eventId: number,
  body: LaunderingSettingBody,
  by: string,
): Promise<LaunderingSettingRecord | null> {
  const { rows } = await sql.query<SettingRow>(
    `UPDATE laundering_setting SET event_name = $3, side_pairs = $4::jsonb, game_types = $5::jsonb, min_stake = $6,
       stake_tolerance = $7, time_unit = $8, loop_value = $9, enabled = $10, levels = $11::jsonb,
       min_opposed_share = $12, updated_by = $13, updated_at = now()
     WHERE cid = $1 AND event_id = $2 AND deleted_at IS NULL
     RETURNING ${COLUMNS}`,
    [cid, eventId, ...params(body), by],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function deleteSetting(sql: Sql, cid: number, eventId: number, by: string): Promise<boolean> {
  const { rowCount } = await sql.query(
    `UPDATE laundering_setting SET deleted_at = now(), updated_at = now(), enabled = false, updated_by = $3
     WHERE cid = $1 AND event_id = $2 AND deleted_at IS NULL`,
    [cid, eventId, by],
  );
  return (rowCount ?? 0) > 0;
}
