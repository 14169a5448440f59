import type { GAME_RTP_ALERT_SORT_FIELDS, GameRtpAlertRecord, Level, LevelStep } from '@pitboss/contract';
import type { GameRtpAlert } from '@pitboss/engine';
import type { Sql } from '../../db/database';
import { sqlOrder } from '../../db/sql';

/** A game alert as the list answers it: figures in RTP points where the contract says so, the game's names joined. */
export const GAME_ALERT_SELECT = `
  SELECT a.alert_id AS "AlertID", a.event_id AS "EventID", a.event_name AS "EventName", a.level AS "Level",
         a.game_id AS "GameID", COALESCE(g.name, a.game_id) AS "GameName", COALESCE(g.game_type, '') AS "GameType",
         a.direction AS "Direction", a.test AS "Test", a.observed_rtp AS "ObservedRTP", a.expected_rtp AS "ExpectedRTP",
         a.deviation * 100 AS "Deviation", a.std_error * 100 AS "StdError", a.z_score AS "ZScore", a.cusum AS "Cusum",
         a.band * 100 AS "Band", a.confidence AS "Confidence", a.rounds AS "Rounds", a.min_rounds AS "MinRounds",
         a.turnover AS "Turnover", a.payout AS "Payout", a.window_start AS "WindowStart", a.window_end AS "WindowEnd",
         a.status AS "Status", a.processed_by AS "ProcessedBy", a.processed_at AS "ProcessedAt", a.memo AS "Memo",
         a.created_at AS "CreateDate", a.window_end AS "HappenedAt", a.created_at AS "DetectedAt",
         a.level_history AS "LevelHistory"
    FROM game_rtp_alert a
    LEFT JOIN game g ON g.cid = a.cid AND g.game_id = a.game_id`;

/** The records of the given alerts of the company, newest first. */
export async function findGameAlerts(sql: Sql, cid: number, ids: readonly number[]): Promise<GameRtpAlertRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql.query<GameRtpAlertRecord>(
    `${GAME_ALERT_SELECT} WHERE a.cid = $1 AND a.alert_id = ANY($2::bigint[]) ORDER BY a.alert_id DESC`,
    [cid, ids],
  );
  return rows;
}

export interface GameAlertFilter {
  start: string;
  end: string;
  gameIds?: string[] | undefined;
  gameTypes?: string[] | undefined;
  levels?: number[] | undefined;
  status?: number | undefined;
}

const SORT: Record<(typeof GAME_RTP_ALERT_SORT_FIELDS)[number], string> = {
  HappenedAt: 'a.window_end',
  DetectedAt: 'a.created_at',
  CreateDate: 'a.created_at',
  Level: 'a.level',
  Deviation: 'a.deviation',
  ObservedRTP: 'a.observed_rtp',
  Rounds: 'a.rounds',
  GameID: 'a.game_id',
  AlertID: 'a.alert_id',
};

export async function listGameAlerts(
  sql: Sql,
  cid: number,
  f: GameAlertFilter & {
    sort: { field: (typeof GAME_RTP_ALERT_SORT_FIELDS)[number]; order: 'Desc' | 'Asc' };
    limit: number;
    offset: number;
  },
): Promise<{ rows: GameRtpAlertRecord[]; total: number }> {
  const where = `a.cid = $1 AND a.window_end >= $2 AND a.window_end < $3
      AND ($4::text[] IS NULL OR a.game_id = ANY($4::text[]))
      AND ($5::text[] IS NULL OR g.game_type = ANY($5::text[]))
      AND ($6::smallint[] IS NULL OR a.level = ANY($6::smallint[]))
      AND ($7::smallint IS NULL OR a.status = $7::smallint)`;
  const params = [cid, f.start, f.end, f.gameIds ?? null, f.gameTypes ?? null, f.levels ?? null, f.status ?? null];
  const order = sqlOrder(f.sort.order);
  const { rows } = await sql.query<GameRtpAlertRecord & { total: number }>(
    `${GAME_ALERT_SELECT.replace('SELECT', 'SELECT count(*) OVER ()::int AS total,')} WHERE ${where}
      ORDER BY ${SORT[f.sort.field]} ${order}, a.alert_id ${order}
      LIMIT $8 OFFSET $9`,
    [...params, f.limit, f.offset],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const count = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM game_rtp_alert a LEFT JOIN game g ON g.cid = a.cid AND g.game_id = a.game_id
        WHERE ${where}`,
      params,
    );
    total = count.rows[0]?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** Locks the given alerts of the company for review; answers each found id with its status. */
export async function lockForReview(sql: Sql, cid: number, ids: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await sql.query<{ alert_id: number; status: number }>(
    `SELECT alert_id, status FROM game_rtp_alert WHERE cid = $1 AND alert_id = ANY($2::bigint[])
      ORDER BY alert_id FOR UPDATE`,
    [cid, ids],
  );
  return new Map(rows.map((r) => [r.alert_id, r.status]));
}

export async function markProcessed(sql: Sql, cid: number, ids: readonly number[], account: string, memo: string) {
  await sql.query(
    `UPDATE game_rtp_alert SET status = 1, processed_by = $3, processed_at = now(), memo = $4, updated_at = now()
      WHERE cid = $1 AND alert_id = ANY($2::bigint[])`,
    [cid, ids, account, memo],
  );
}

/** The pending alert of each (rule, game) among `keys`, locked. */
export async function lockOpenGameAlerts(
  sql: Sql,
  cid: number,
  keys: readonly { ruleId: number; gameId: string }[],
): Promise<Map<string, { alertId: number; level: Level }>> {
  const { rows } = await sql.query<{ alert_id: number; event_id: number; game_id: string; level: Level }>(
    `SELECT a.alert_id, a.event_id, a.game_id, a.level
       FROM game_rtp_alert a
       JOIN unnest($2::int[], $3::text[]) AS k(event_id, game_id) ON k.event_id = a.event_id AND k.game_id = a.game_id
      WHERE a.cid = $1 AND a.status = 0
      ORDER BY a.alert_id FOR UPDATE OF a`,
    [cid, keys.map((k) => k.ruleId), keys.map((k) => k.gameId)],
  );
  return new Map(rows.map((r) => [incidentKey(r.event_id, r.game_id), { alertId: r.alert_id, level: r.level }]));
}

export function incidentKey(ruleId: number, gameId: string): string {
  return `${ruleId}\u0000${gameId}`;
}

function figures(alert: GameRtpAlert): unknown[] {
  return [
    alert.eventName,
    alert.level,
    alert.direction,
    alert.test,
    alert.observedRtp,
    alert.expectedRtp,
    alert.deviation,
    Number.isFinite(alert.stdError) ? alert.stdError : 0,
    Number.isFinite(alert.z) ? alert.z : Math.sign(alert.z) * 1e9,
    alert.cusum,
    alert.band,
    alert.confidence,
    alert.rounds,
    alert.minRounds,
    alert.turnover,
    alert.payout,
    alert.windowStart,
    alert.windowEnd,
    alert.eventId,
  ];
}

/** Opens an alert; answers its id. */
export async function insertGameAlert(sql: Sql, cid: number, alert: GameRtpAlert, steps: LevelStep[]): Promise<number> {
  const { rows } = await sql.query<{ alert_id: number }>(
    `INSERT INTO game_rtp_alert (cid, event_id, game_id, event_name, level, direction, test, observed_rtp, expected_rtp,
        deviation, std_error, z_score, cusum, band, confidence, rounds, min_rounds, turnover, payout, window_start,
        window_end, raising_event_id, level_history)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23::jsonb)
     RETURNING alert_id`,
    [cid, alert.ruleId, alert.gameId, ...figures(alert), JSON.stringify(steps)],
  );
  return (rows[0] as { alert_id: number }).alert_id;
}

/** Escalates a pending alert in place: the new level's figures and evidence, its steps appended to the history. */
export async function escalateGameAlert(
  sql: Sql,
  cid: number,
  alertId: number,
  alert: GameRtpAlert,
  steps: LevelStep[],
): Promise<void> {
  await sql.query(
    `UPDATE game_rtp_alert
        SET event_name = $3, level = $4, direction = $5, test = $6, observed_rtp = $7, expected_rtp = $8,
            deviation = $9, std_error = $10, z_score = $11, cusum = $12, band = $13, confidence = $14, rounds = $15,
            min_rounds = $16, turnover = $17, payout = $18, window_start = $19, window_end = $20,
            raising_event_id = $21, level_history = level_history || $22::jsonb, updated_at = now()
      WHERE cid = $1 AND alert_id = $2`,
    [cid, alertId, ...figures(alert), JSON.stringify(steps)],
  );
}

const TOP_WINS_LIMIT = 10;

/**
 * Stores with each alert the largest wins (payout − stake, base currency; as sent when no rate covered
 * it) of its game in its window, as they are now: the evidence kept with the alert at ingest, in the
 * ingest transaction (the batch's bets are already written).
 */
export async function storeTopWins(sql: Sql, cid: number, alertIds: readonly number[]): Promise<void> {
  if (alertIds.length === 0) return;
  await sql.query(
    `UPDATE game_rtp_alert a
        SET top_wins = COALESCE((
          SELECT jsonb_agg(jsonb_build_object('ID', w.id, 'MemberID', w.member_id, 'At', w.at, 'Stake', w.stake::float8,
                   'Payout', w.payout::float8, 'Currency', w.currency) ORDER BY w.n)
            FROM (SELECT b.id, b.member_id, b.at, b.stake, b.payout, b.currency,
                         row_number() OVER (ORDER BY COALESCE(b.payout_base - b.stake_base, b.payout - b.stake) DESC, b.at, b.id) AS n
                    FROM bet b
                   WHERE b.cid = a.cid AND b.game_id = a.game_id AND b.at > a.window_start AND b.at <= a.window_end
                     AND b.payout > b.stake
                   ORDER BY n LIMIT $3) w), '[]'::jsonb)
      WHERE a.cid = $1 AND a.alert_id = ANY($2::bigint[])`,
    [cid, alertIds, TOP_WINS_LIMIT],
  );
}

/** The wins stored with an alert at ingest; undefined for an alert stored before they were. */
export async function findStoredTopWins(
  sql: Sql,
  cid: number,
  alertId: number,
): Promise<
  { ID: string; MemberID: string; At: string; Stake: number; Payout: number; Currency: string }[] | undefined
> {
  const { rows } = await sql.query<{
    top_wins: { ID: string; MemberID: string; At: string; Stake: number; Payout: number; Currency: string }[] | null;
  }>('SELECT top_wins FROM game_rtp_alert WHERE cid = $1 AND alert_id = $2', [cid, alertId]);
  const wins = rows[0]?.top_wins;
  return wins ? wins.map((w) => ({ ...w, At: new Date(w.At).toISOString() })) : undefined;
}

/** The game's cumulative RTP over the window, hour by hour, from the hourly rollup (base currency). */
export async function findRtpSeries(
  sql: Sql,
  cid: number,
  gameId: string,
  start: string,
  end: string,
): Promise<{ At: string; Rounds: number; ObservedRTP: number | null }[]> {
  const { rows } = await sql.query<{ At: string; Rounds: number; stake: number; payout: number }>(
    `SELECT LEAST(hour + interval '1 hour', $4::timestamptz) AS "At",
            (sum(bets) OVER w)::int AS "Rounds", sum(stake_base) OVER w AS stake, sum(payout_base) OVER w AS payout
       FROM game_hour
      WHERE cid = $1 AND game_id = $2 AND hour >= date_trunc('hour', $3::timestamptz) AND hour <= $4::timestamptz
     WINDOW w AS (ORDER BY hour)
      ORDER BY hour`,
    [cid, gameId, start, end],
  );
  return rows.map((r) => ({ At: r.At, Rounds: r.Rounds, ObservedRTP: r.stake > 0 ? r.payout / r.stake : null }));
}

/** The largest wins (payout − stake, base currency) of the game in the window, at most `limit`. */
export async function findTopWins(sql: Sql, cid: number, gameId: string, start: string, end: string, limit = 10) {
  const { rows } = await sql.query<{
    ID: string;
    MemberID: string;
    At: string;
    Stake: number;
    Payout: number;
    Currency: string;
  }>(
    `SELECT id AS "ID", member_id AS "MemberID", at AS "At", stake AS "Stake", payout AS "Payout", currency AS "Currency"
       FROM bet
      WHERE cid = $1 AND game_id = $2 AND at > $3 AND at <= $4 AND payout > stake
      ORDER BY COALESCE(payout_base - stake_base, payout - stake) DESC, at, id
      LIMIT $5`,
    [cid, gameId, start, end, limit],
  );
  return rows;
}

export async function findGameInfo(sql: Sql, cid: number, gameId: string): Promise<{ provider: string } | undefined> {
  const { rows } = await sql.query<{ provider: string }>(
    `SELECT COALESCE(provider, '') AS provider FROM game WHERE cid = $1 AND game_id = $2`,
    [cid, gameId],
  );
  return rows[0];
}
