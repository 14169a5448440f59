import type { IngestEvent } from '@pitboss/contract';
import { describe, expect, it } from 'vitest';
import { idRanges, readRanges } from './stored-ids';

const event = (id: string, type: IngestEvent['type']) => ({ id, type }) as IngestEvent;

describe('stored ids by range', () => {
  it('makes one range per call and type', () => {
    const ranges = idRanges([[event('b1', 'bet'), event('l1', 'login'), event('b2', 'bet')], [event('b3', 'bet')]]);
    expect(ranges.subsets).toEqual([['b1', 'b2'], ['l1'], ['b3']]);
    expect(ranges.limit).toBe(2 * 2 + 64);
  });

  it('answers the stored ids of ranges read whole, and leaves the others to probe id by id', () => {
    const ranges = {
      subsets: [
        ['a1', 'a2'],
        ['c1', 'c2'],
      ],
      bets: [true, false],
      limit: 3,
    };
    const rows = [
      { n: 1, t: 'b', id: 'a1' },
      { n: 1, t: 'b', id: 'a15' }, // stored, in the range, not sent
      { n: 2, t: 'l', id: 'c0' },
      { n: 2, t: 'l', id: 'c1' },
      { n: 2, t: 'l', id: 'c3' }, // a third ledger row: the limit was reached, the range not read whole
      { n: 2, t: 'b', id: 'c2' },
    ];
    const read = readRanges(ranges, rows);
    expect([...read.stored]).toEqual(['a1']);
    expect(read.unresolved).toEqual(['c1', 'c2']);
  });
});
