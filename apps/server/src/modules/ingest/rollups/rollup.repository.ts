import type { Sql } from '../../../db/database';
import { numberArray, textArray } from '../../../db/pg-array';

/**
 * Of the rounds a batch bet on, those the batch opened: a round is new when every bet stored for it
 * came with this batch (runs after the batch's bets are written, under the company's ingest lock).
 * Answers the 0-based positions of the new rounds in `rounds`.
 */
export async function findNewRounds(
  sql: Sql,
  cid: number,
  rounds: { gameId: string; roundId: string; bets: number }[],
): Promise<number[]> {
  if (rounds.length === 0) return [];
  const { rows } = await sql.query<{ ord: number }>(
    `SELECT u.ord FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS u(game_id, round_id, bets, ord)
      WHERE (SELECT count(*) FROM bet b WHERE b.cid = $1 AND b.game_id = u.game_id AND b.round_id = u.round_id) = u.bets`,
    [
      cid,
      textArray(rounds.map((r) => r.gameId)),
      textArray(rounds.map((r) => r.roundId)),
      numberArray(rounds.map((r) => r.bets)),
    ],
  );
  return rows.map((r) => r.ord - 1);
}
