import { describe, expect, it } from 'vitest';
import { trendSeries } from './trend-series';

describe('trend series', () => {
  it('fills the empty buckets between the first and the last, per type', () => {
    const series = trendSeries(
      [
        { Bucket: '2026-11-20T00:00:00.000Z', EventType: 3, Count: 2 },
        { Bucket: '2026-11-22T00:00:00.000Z', EventType: 1, Count: 5 },
        { Bucket: '2026-11-22T00:00:00.000Z', EventType: 3, Count: 1 },
        { Bucket: '2026-11-22T00:00:00.000Z', EventType: 5, Count: 0 },
      ],
      'day',
    );
    expect(series.buckets.map((b) => new Date(b).toISOString().slice(0, 10))).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(series.byType).toEqual([
      { type: 1, counts: [0, 0, 5] },
      { type: 3, counts: [2, 0, 1] },
    ]);
  });

  it('works in hours and with no data', () => {
    const hours = trendSeries(
      [
        { Bucket: '2026-11-22T10:00:00Z', EventType: 2, Count: 1 },
        { Bucket: '2026-11-22T13:00:00Z', EventType: 2, Count: 4 },
      ],
      'hour',
    );
    expect(hours.buckets).toHaveLength(4);
    expect(hours.byType[0]?.counts).toEqual([1, 0, 0, 4]);
    expect(trendSeries([], 'day')).toEqual({ buckets: [], byType: [] });
  });
});
