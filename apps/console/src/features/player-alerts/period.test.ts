import { afterEach, describe, expect, it } from 'vitest';
import { setCompanyTimeZone, wallClock } from '../../lib/time-zone';
import { periodFromParams, periodKey, periodToParams, periodToStartEnd } from './period';

describe('periods', () => {
  afterEach(() => setCompanyTimeZone(null));

  it('leave the end of a rolling period open and keep a custom one whole, in the company time zone', () => {
    setCompanyTimeZone('Asia/Taipei');
    // 10:30 UTC is 18:30 in Taipei: "today" starts at Taipei's midnight, 16:00 UTC the day before.
    const now = wallClock('2026-11-22T10:30:00Z');
    expect(periodToStartEnd({ preset: '24h' }, now)).toEqual({ Start: '2026-11-21T18:30:00+08:00' });
    expect(periodToStartEnd({ preset: 'today' }, now)).toEqual({ Start: '2026-11-22T00:00:00+08:00' });
    expect(periodToStartEnd({ preset: 'today' }, now).End).toBeUndefined();
    expect(periodToStartEnd({ preset: 'custom', start: 'a', end: 'b' }, now)).toEqual({ Start: 'a', End: 'b' });
  });

  it('round-trip through the address and key by preset name', () => {
    const params = new URLSearchParams('period=30d&x=1');
    const period = periodFromParams(params);
    expect(period).toEqual({ preset: '30d' });
    periodToParams({ preset: 'custom', start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z' }, params);
    expect(params.get('period')).toBeNull();
    expect(params.get('x')).toBe('1');
    expect(periodFromParams(params)).toMatchObject({ preset: 'custom' });
    expect(periodKey({ preset: '7d' })).toBe('7d');
    expect(periodFromParams(new URLSearchParams('period=bogus'), { preset: '24h' })).toEqual({ preset: '24h' });
  });
});
