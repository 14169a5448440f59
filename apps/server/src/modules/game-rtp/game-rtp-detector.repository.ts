import type { GameRtpRule } from '@pitboss/contract';
import type { RtpBet, RtpGame } from '@pitboss/engine';
import type { Sql } from '../../db/database';
import { cidLiteral } from '../../db/sql';

export interface GameRtpStateRow {
  token: string | null;
  rules_version: number;
  games_at: string | null;
}

/**
 * Read under the company's ingest lock: the token of the last batch the detector ran, the rules version,
 * and when master data last changed (an expected RTP may have moved).
 */
export function readGameRtpStateStatement(cid: number): string {
  const c = cidLiteral(cid);
  return `SELECT d.token, COALESCE(d.rules_version, 0) AS rules_version,
                 (SELECT max(updated_at)::text FROM game WHERE cid = ${c} AND source = 'master') AS games_at
            FROM (SELECT 1) AS one LEFT JOIN game_rtp_detector d ON d.cid = ${c}`;
}

export async function writeToken(sql: Sql, cid: number, token: string): Promise<void> {
  await sql.query(
    `INSERT INTO game_rtp_detector AS d (cid, token) VALUES ($1, $2)
     ON CONFLICT (cid) DO UPDATE SET token = EXCLUDED.token`,
    [cid, token],
  );
}

/** The company's enabled rules as the engine runs them. */
export async function loadEnabledRules(sql: Sql, cid: number): Promise<GameRtpRule[]> {
  const { rows } = await sql.query<GameRtpRule>(
    `SELECT event_id AS "EventID", event_name AS "EventName", scope AS "Scope", game_type AS "GameType",
            game_id AS "GameID", expected_rtp AS "ExpectedRTP", time_unit AS "TimeUnit", loop_value AS "LoopValue",
            min_rounds AS "MinRounds", levels AS "Levels", enabled AS "Enabled"
       FROM game_rtp_rule WHERE cid = $1 AND deleted_at IS NULL AND enabled ORDER BY event_id`,
    [cid],
  );
  return rows;
}

/** The company's games (all, or those named), with type and expected RTP. */
export async function loadGames(sql: Sql, cid: number, gameIds?: readonly string[]): Promise<RtpGame[]> {
  const { rows } = await sql.query<RtpGame>(
    `SELECT game_id AS "gameId", game_type AS "gameType", expected_rtp::float8 AS "expectedRtp"
       FROM game WHERE cid = $1 AND ($2::text[] IS NULL OR game_id = ANY($2::text[]))`,
    [cid, gameIds ?? null],
  );
  return rows;
}

/**
 * The company's stored bets after `fromIso` in (time, id) order, base amounts as stored, without the
 * given ids (the batch being stored) and without bets a rate did not cover.
 */
export async function replayBets(
  sql: Sql,
  cid: number,
  fromIso: string,
  exclude: readonly string[],
): Promise<RtpBet[]> {
  const { rows } = await sql.query<{ id: string; game_id: string; at: string; stake: number; payout: number }>(
    `SELECT id, game_id, at, stake_base::float8 AS stake, payout_base::float8 AS payout
       FROM bet
      WHERE cid = $1 AND at > $2 AND stake_base IS NOT NULL AND payout_base IS NOT NULL
        AND NOT (id = ANY($3::text[]))
      ORDER BY at, id`,
    [cid, fromIso, exclude],
  );
  return rows.map((r) => ({ id: r.id, gameId: r.game_id, at: Date.parse(r.at), stake: r.stake, payout: r.payout }));
}
