import type { GameRtpAlertRecord } from '@pitboss/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_GAME_FILTERS,
  gameAlertMatches,
  gameFiltersFromParams,
  gameFiltersKey,
  gameFiltersToParams,
  gameFiltersToQuery,
  pushedGameAlert,
} from './game-alert-filters';

const now = dayjs('2026-11-25T12:00:00Z');
const alert = {
  AlertID: 5,
  GameID: 'g-1',
  GameType: 'slot',
  Level: 2,
  Status: 0,
  HappenedAt: '2026-11-25T11:00:00.000Z',
  WindowEnd: '2026-11-25T11:00:00.000Z',
} as GameRtpAlertRecord;

describe('game alert filters', () => {
  it('round-trip through the address, keeping other parameters and dropping bad values', () => {
    const params = gameFiltersToParams(
      { period: { preset: '24h' }, GameTypes: ['slot'], GameIDs: ['g-2', 'g-1'], Levels: [3], Status: 0 },
      new URLSearchParams('alert=7'),
    );
    expect(params.get('alert')).toBe('7');
    expect(gameFiltersFromParams(params)).toEqual({
      period: { preset: '24h' },
      GameTypes: ['slot'],
      GameIDs: ['g-1', 'g-2'],
      Levels: [3],
      Status: 0,
    });
    expect(gameFiltersFromParams(new URLSearchParams('Levels=0,2,9&Status=5'))).toMatchObject({
      Levels: [2],
      Status: undefined,
    });
    expect(gameFiltersToParams(EMPTY_GAME_FILTERS).toString()).toBe('period=7d');
  });

  it('sends the API its lists comma-separated and leaves out the empty ones', () => {
    const query = gameFiltersToQuery({ ...EMPTY_GAME_FILTERS, GameIDs: ['a', 'b'], Levels: [1, 3] }, now);
    expect(query).toMatchObject({ GameIDs: 'a,b', Levels: '1,3', GameTypes: undefined, Status: undefined });
    expect(dayjs(query.Start).toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(gameFiltersKey(EMPTY_GAME_FILTERS)).toEqual(['7d', '', '', '', '']);
  });

  it('counts a pushed alert only when the filters would list it', () => {
    expect(gameAlertMatches(alert, EMPTY_GAME_FILTERS, now)).toBe(true);
    expect(gameAlertMatches(alert, { ...EMPTY_GAME_FILTERS, GameTypes: ['baccarat'] }, now)).toBe(false);
    expect(gameAlertMatches(alert, { ...EMPTY_GAME_FILTERS, GameIDs: ['g-1'], Levels: [2] }, now)).toBe(true);
    expect(gameAlertMatches(alert, { ...EMPTY_GAME_FILTERS, Levels: [3] }, now)).toBe(false);
    expect(gameAlertMatches(alert, { ...EMPTY_GAME_FILTERS, Status: 1 }, now)).toBe(false);
    expect(gameAlertMatches(alert, { ...EMPTY_GAME_FILTERS, period: { preset: 'today' } }, now)).toBe(true);
    const old = { ...alert, HappenedAt: '2026-11-01T00:00:00.000Z' };
    expect(gameAlertMatches(old, EMPTY_GAME_FILTERS, now)).toBe(false);
  });

  it('takes a pushed message only when it has the list shape', () => {
    expect(pushedGameAlert(alert as unknown as Record<string, unknown>)).toBe(alert);
    expect(pushedGameAlert({ AlertID: 1, Level: 1 })).toBeUndefined();
  });
});
