import { literal } from '../../../db/batch-query';
import { textArray } from '../../../db/pg-array';

/** A round a batch bets on, with the time buckets of its earliest bet in the batch. */
export interface Round {
  gameId: string;
  roundId: string;
  atMs: number;
  hourMs: number;
  day: string;
}

/**
 * Of the rounds a batch bets on, those that have bets stored already (the others the batch opens). Must
 * run before the batch's bets are written, under the company's ingest lock. Answers `ord`, the 1-based
 * positions of those rounds in `rounds`: few, where the new ones are about one per bet (a slot spin is a
 * round). A scalar subquery, not EXISTS: the planner turns EXISTS into a hash join over every bet of the
 * company once the batch holds many rounds (65 ms instead of 4 at 170,000 bets, and growing with the
 * table); this is one index probe per round.
 */
export function storedRoundsStatement(cid: number, rounds: Round[]): string | undefined {
  if (rounds.length === 0) return undefined;
  const games = literal(textArray(rounds.map((r) => r.gameId)));
  const ids = literal(textArray(rounds.map((r) => r.roundId)));
  return `SELECT u.ord FROM unnest(${games}::text[], ${ids}::text[]) WITH ORDINALITY AS u(game_id, round_id, ord)
      WHERE (SELECT 1 FROM bet b WHERE b.cid = ${cid} AND b.game_id = u.game_id AND b.round_id = u.round_id LIMIT 1) IS NOT NULL`;
}
