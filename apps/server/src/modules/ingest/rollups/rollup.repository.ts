import { cidLiteral, literal, textArrayLiteral } from '../../../db/batch-query';

/** A round a batch bets on, with the time buckets of its earliest bet in the batch. */
export interface Round {
  gameId: string;
  roundId: string;
  atMs: number;
  hourMs: number;
  day: string;
}

/**
 * Of the rounds a batch bets on, those that have bets stored already (the others the batch opens). Runs
 * under the company's ingest lock, before the batch's bets are written, or after with `ownBetsWritten`:
 * then the bets this transaction wrote are not counted (`xmin`, the transaction that wrote the row). Answers `game_id` and
 * `round_id` of stored rounds (few: the new ones are about one per bet, a slot spin being a round).
 *
 * Per game, one index range scan from the batch's least to its greatest round id (bounds computed by
 * PostgreSQL, under the column's collation): rounds are numbered increasingly, so the range holds the
 * batch's stored rounds and few others. A game whose range holds more than `limit` stored bets is probed
 * round by round instead, in the same statement. Scalar subqueries, not EXISTS: with EXISTS the planner
 * hash-joins every bet of the company once the batch holds many rounds (65 ms at 170,000 bets, growing).
 */
export function storedRoundsStatement(cid: number, rounds: Round[], ownBetsWritten = false): string | undefined {
  if (rounds.length === 0) return undefined;
  const c = cidLiteral(cid);
  const byGame = new Map<string, string[]>();
  for (const round of rounds) {
    const ids = byGame.get(round.gameId);
    if (ids) ids.push(round.roundId);
    else byGame.set(round.gameId, [round.roundId]);
  }
  const largest = Math.max(...[...byGame.values()].map((ids) => ids.length));
  const limit = 4 * largest + 256;
  const values = [...byGame]
    .map(([game, ids], i) => `(${i + 1}, ${literal(game)}, ${textArrayLiteral(ids)})`)
    .join(', ');
  // An uncorrelated subquery: evaluated once per statement.
  const notOwn = ownBetsWritten ? ' AND t.xmin <> (SELECT pg_current_xact_id()::xid)' : '';
  return `WITH s(n, game_id, rounds) AS (VALUES ${values}),
       b AS (SELECT s.n, s.game_id, min(x) AS lo, max(x) AS hi FROM s, unnest(s.rounds) AS x GROUP BY s.n, s.game_id),
       r AS (SELECT b.n, b.game_id, x.round_id FROM b CROSS JOIN LATERAL (
               SELECT t.round_id FROM bet t
                WHERE t.cid = ${c} AND t.game_id = b.game_id AND t.round_id BETWEEN b.lo AND b.hi${notOwn} LIMIT ${limit}) x),
       over AS (SELECT n FROM r GROUP BY n HAVING count(*) >= ${limit})
     SELECT DISTINCT game_id, round_id FROM r WHERE n NOT IN (SELECT n FROM over)
     UNION ALL
     SELECT s.game_id, u.round_id FROM s JOIN over USING (n), unnest(s.rounds) AS u(round_id)
      WHERE (SELECT 1 FROM bet t WHERE t.cid = ${c} AND t.game_id = s.game_id AND t.round_id = u.round_id${notOwn} LIMIT 1) IS NOT NULL`;
}
