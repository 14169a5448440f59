import type { AlertRecord } from '@pitboss/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams, filtersToQuery, matchesFilters } from './alert-filters';

const now = dayjs('2026-11-22T12:00:00Z');

const alert = {
  AlertID: 1,
  EventType: 3,
  Level: 2,
  Status: 0,
  MemberID: '',
  IP: '10.0.0.1',
  WindowEnd: '2026-11-22T11:00:00.000Z',
} as AlertRecord;

describe('alert filters', () => {
  it('read from the address and write back the same, dropping what is invalid', () => {
    const params = new URLSearchParams('period=24h&EventTypes=3,1,9,x&Levels=3&Status=0&MemberIDs=a, b\nc&open=5');
    const filters = filtersFromParams(params);
    expect(filters).toEqual({
      period: { preset: '24h' },
      EventTypes: [1, 3],
      Levels: [3],
      Status: 0,
      MemberIDs: ['a', 'b', 'c'],
      IP: undefined,
    });
    const back = filtersToParams(filters, params);
    expect(back.get('open')).toBe('5');
    expect(filtersFromParams(back)).toEqual(filters);
    expect(filtersFromParams(new URLSearchParams('Status=2')).Status).toBeUndefined();
  });

  it('keep a custom period and leave the end open for a rolling one', () => {
    const custom = filtersFromParams(new URLSearchParams('Start=2026-11-01T00:00:00Z&End=2026-11-02T00:00:00Z'));
    expect(filtersToQuery(custom, now)).toMatchObject({ Start: '2026-11-01T00:00:00Z', End: '2026-11-02T00:00:00Z' });
    const rolling = filtersToQuery(filtersFromParams(new URLSearchParams('period=7d')), now);
    expect(rolling.End).toBeUndefined();
    expect(dayjs(rolling.Start).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    // An inverted range is ignored: the default period applies.
    expect(
      filtersFromParams(new URLSearchParams('Start=2026-11-02T00:00:00Z&End=2026-11-01T00:00:00Z')).period,
    ).toEqual({
      preset: '7d',
    });
  });

  it('tell which pushed alerts the list would show', () => {
    const filters = filtersFromParams(new URLSearchParams('period=24h&EventTypes=3'));
    expect(matchesFilters(alert, filters, now)).toBe(true);
    expect(matchesFilters({ ...alert, EventType: 1 }, filters, now)).toBe(false);
    expect(matchesFilters({ ...alert, WindowEnd: '2026-11-20T00:00:00Z' }, filters, now)).toBe(false);
    expect(matchesFilters(alert, { ...filters, Levels: [3] }, now)).toBe(false);
    expect(matchesFilters(alert, { ...filters, Status: 1 }, now)).toBe(false);
    expect(matchesFilters(alert, { ...filters, MemberIDs: ['m1'] }, now)).toBe(false);
    expect(matchesFilters(alert, { ...filters, IP: '10.0.0.1' }, now)).toBe(true);
  });
});
