import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { periodFromParams, periodKey, periodToParams, periodToStartEnd } from './period';

describe('periods', () => {
  const now = dayjs('2026-11-22T10:30:00Z');

  it('leave the end of a rolling period open and keep a custom one whole', () => {
    expect(periodToStartEnd({ preset: '24h' }, now)).toEqual({ Start: now.subtract(24, 'hour').format() });
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
