import type { IngestEvent } from '@pitboss/contract';
import { cidLiteral, textArrayLiteral } from '../../db/batch-query';

/**
 * Which ids of a group are stored already, found with one index range scan per (call, type) instead of
 * one probe per id: platforms number their events increasingly (sequences, snowflakes, ULIDs), so the
 * ids one call sends of one type lie between their least and greatest, where few or no stored ids lie.
 * Every stored id equal to one of them lies in that range (bounds computed by PostgreSQL, under the
 * column's own collation), so reading the range answers exactly, as long as it is read whole: a range
 * holding more stored ids than `limit` (random ids, several senders sharing one sequence) is left for the
 * per-id probe (`storedIdsStatement`).
 */
export interface IdRanges {
  /** The ids of each (call, type). */
  subsets: string[][];
  /** For each subset, whether it is of bets. */
  bets: boolean[];
  /** Most stored ids read from one range of one table. */
  limit: number;
}

export function idRanges(owned: readonly IngestEvent[][]): IdRanges {
  const subsets: string[][] = [];
  const bets: boolean[] = [];
  for (const call of owned) {
    const byType = new Map<string, string[]>();
    for (const event of call) {
      const ids = byType.get(event.type);
      if (ids) ids.push(event.id);
      else byType.set(event.type, [event.id]);
    }
    for (const [type, ids] of byType) {
      subsets.push(ids);
      bets.push(type === 'bet');
    }
  }
  const largest = subsets.reduce((n, ids) => Math.max(n, ids.length), 0);
  return { subsets, bets, limit: 2 * largest + 64 };
}

/**
 * Answers `n` (1-based subset), `t` ('b' bet or 'l' ledger) and the stored `id`s of each range. With
 * `betsWritten` (the transaction wrote its bets before the lock), ranges of bets are read in the ledger
 * only: the bet table holds them now.
 */
export function storedInRangesStatement(cid: number, { subsets, bets, limit }: IdRanges, betsWritten = false): string {
  const c = cidLiteral(cid);
  const values = subsets
    .map((ids, i) => `(${i + 1}, ${textArrayLiteral(ids)}, ${betsWritten && bets[i] ? 'false' : 'true'})`)
    .join(', ');
  return `WITH s(n, ids, in_bets) AS (VALUES ${values}),
       b AS (SELECT s.n, s.in_bets, min(x) AS lo, max(x) AS hi FROM s, unnest(s.ids) AS x GROUP BY s.n, s.in_bets)
     SELECT b.n, r.t, r.id FROM b CROSS JOIN LATERAL (
       (SELECT 'b' AS t, t.id FROM bet t WHERE b.in_bets AND t.cid = ${c} AND t.id BETWEEN b.lo AND b.hi LIMIT ${limit})
       UNION ALL
       (SELECT 'l' AS t, t.id FROM ingest_event t WHERE t.cid = ${c} AND t.id BETWEEN b.lo AND b.hi LIMIT ${limit})
     ) r`;
}

/**
 * The stored ids the ranges show, and the ids of the ranges that were not read whole (to probe one by
 * one with `storedIdsStatement`).
 */
export function readRanges(
  ranges: IdRanges,
  rows: readonly { n: number; t: string; id: string }[],
): { stored: Set<string>; unresolved: string[] } {
  const found = ranges.subsets.map(() => ({ b: 0, l: 0, ids: new Set<string>() }));
  for (const row of rows) {
    const range = found[row.n - 1];
    if (!range) continue;
    if (row.t === 'b') range.b++;
    else range.l++;
    range.ids.add(row.id);
  }
  const stored = new Set<string>();
  const unresolved: string[] = [];
  for (const [i, ids] of ranges.subsets.entries()) {
    const range = found[i] as (typeof found)[number];
    if (range.b >= ranges.limit || range.l >= ranges.limit) unresolved.push(...ids);
    else for (const id of ids) if (range.ids.has(id)) stored.add(id);
  }
  return { stored, unresolved };
}
