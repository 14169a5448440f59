import type { MonitorGameRow, MonitorGameTypeRow } from '@pitboss/contract';
import type { Sql } from '../../db/database';

/** The company's game types (games without a type left out), with their game counts. */
export async function listGameTypes(sql: Sql, cid: number): Promise<MonitorGameTypeRow[]> {
  const { rows } = await sql.query<MonitorGameTypeRow>(
    `SELECT game_type AS "GameType", count(*)::int AS "Games"
       FROM game WHERE cid = $1 AND game_type IS NOT NULL
      GROUP BY game_type ORDER BY game_type`,
    [cid],
  );
  return rows;
}

/** Which of `types` the company has games of. */
export async function knownGameTypes(sql: Sql, cid: number, types: readonly string[]): Promise<Set<string>> {
  const { rows } = await sql.query<{ game_type: string }>(
    `SELECT DISTINCT game_type FROM game WHERE cid = $1 AND game_type = ANY($2::text[])`,
    [cid, types],
  );
  return new Set(rows.map((r) => r.game_type));
}

/** Which of `ids` are the company's games. */
export async function knownGames(sql: Sql, cid: number, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await sql.query<{ game_id: string }>(
    'SELECT game_id FROM game WHERE cid = $1 AND game_id = ANY($2::text[])',
    [cid, ids],
  );
  return new Set(rows.map((r) => r.game_id));
}

/** Whether the company has the game. */
export async function gameExists(sql: Sql, cid: number, gameId: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM game WHERE cid = $1 AND game_id = $2', [cid, gameId]);
  return rows.length > 0;
}

/** The games of the given types (all when undefined) with today's figures (today in the company's time zone). */
export async function listGames(
  sql: Sql,
  cid: number,
  types: readonly string[] | undefined,
): Promise<MonitorGameRow[]> {
  const { rows } = await sql.query<MonitorGameRow>(
    `SELECT g.game_id AS "GameID", g.name AS "GameName", COALESCE(g.game_type, '') AS "GameType",
            COALESCE(g.provider, '') AS "Provider", g.expected_rtp AS "ExpectedRTP",
            COALESCE(d.rounds, 0) AS "Rounds", COALESCE(d.stake_base, 0) AS "Turnover",
            COALESCE(d.payout_base, 0) AS "Payout",
            CASE WHEN d.stake_base > 0 THEN d.payout_base / d.stake_base END AS "ObservedRTP"
       FROM game g
       JOIN company c ON c.cid = g.cid
       LEFT JOIN game_day d ON d.cid = g.cid AND d.game_id = g.game_id AND d.day = (now() AT TIME ZONE c.time_zone)::date
      WHERE g.cid = $1 AND ($2::text[] IS NULL OR g.game_type = ANY($2::text[]))
      ORDER BY g.game_type NULLS LAST, g.game_id`,
    [cid, types ?? null],
  );
  return rows.map((r) => ({ ...r, ObservedRTP: r.ObservedRTP === null ? null : Number(r.ObservedRTP) }));
}
