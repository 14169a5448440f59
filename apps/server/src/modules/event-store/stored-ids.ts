import type { IngestEvent } from '@pitboss/contract';

/**
 * Which ids of a group are stored already, found with one index range scan per (call, type) instead of
 * one probe per id: platforms number their events increasingly (sequences, snowflakes, ULIDs), so the
 * ids one call sends of one type lie between their least and greatest, where few or no stored ids lie.
 * Every stored id equal to one of them lies in that range (bounds computed by PostgreSQL, under the
 * column's own collation), so reading the range answers exactly, as long as it is read whole: a range
 * holding more stored ids than `limit` (random ids, several senders sharing one sequence) is left for the
 * per-id probe. The statements are in `stored-ids.repository.ts`.
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
