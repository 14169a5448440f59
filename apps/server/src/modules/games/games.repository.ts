import type { GameMaster } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { cidLiteral, textArrayLiteral } from '../../db/sql';

/** A game first seen in a bet: its id, the first bet's time and the game type the bets carry. */
export interface SeenGame {
  gameId: string;
  firstBetAt: string;
  gameType: string | null;
}

/**
 * Creates the games a batch of bets mentions for the first time (named by their id until master data
 * arrives), fills a missing game type from the bets and keeps the earliest bet time. Rows that would
 * not change are left alone.
 */
export function gamesFromBetsStatement(cid: number, games: SeenGame[]): string | undefined {
  if (games.length === 0) return undefined;
  const sorted = [...games].sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0));
  return `INSERT INTO game AS g (cid, game_id, name, game_type, first_bet_at)
     SELECT ${cidLiteral(cid)}, u.game_id, u.game_id, u.game_type, u.first_bet_at
       FROM unnest(${textArrayLiteral(sorted.map((g) => g.gameId))}, ${textArrayLiteral(
         sorted.map((g) => g.firstBetAt),
         'timestamptz',
       )}, ${textArrayLiteral(sorted.map((g) => g.gameType))}) AS u(game_id, first_bet_at, game_type)
     ON CONFLICT (cid, game_id) DO UPDATE
        SET game_type = COALESCE(g.game_type, EXCLUDED.game_type),
            first_bet_at = LEAST(g.first_bet_at, EXCLUDED.first_bet_at),
            updated_at = now()
      WHERE (g.game_type IS NULL AND EXCLUDED.game_type IS NOT NULL)
         OR g.first_bet_at IS NULL OR g.first_bet_at > EXCLUDED.first_bet_at`;
}

/** Creates or updates master data; fields left out keep their stored value. Answers how many were new. */
export async function upsertGameMasters(sql: Sql, cid: number, games: GameMaster[]): Promise<{ created: number }> {
  const sorted = [...games].sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0));
  const { rows } = await sql.query<{ created: number }>(
    `WITH up AS (
       INSERT INTO game AS g (cid, game_id, name, game_type, provider, expected_rtp, source)
       SELECT $1, u.*, 'master'
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[])
              AS u(game_id, name, game_type, provider, expected_rtp)
       ON CONFLICT (cid, game_id) DO UPDATE
          SET name = EXCLUDED.name,
              game_type = COALESCE(EXCLUDED.game_type, g.game_type),
              provider = COALESCE(EXCLUDED.provider, g.provider),
              expected_rtp = COALESCE(EXCLUDED.expected_rtp, g.expected_rtp),
              source = 'master',
              updated_at = now()
       RETURNING (xmax = 0) AS inserted
     )
     SELECT count(*) FILTER (WHERE inserted)::int AS created FROM up`,
    [
      cid,
      sorted.map((g) => g.gameId),
      sorted.map((g) => g.name),
      sorted.map((g) => g.gameType ?? null),
      sorted.map((g) => g.provider ?? null),
      sorted.map((g) => (g.expectedRtp === undefined ? null : String(g.expectedRtp))),
    ],
  );
  return { created: rows[0]?.created ?? 0 };
}
