import type { LaunderingSettingRecord } from '@pitboss/contract';
import { LaunderingSettingBody } from '@pitboss/contract/schemas';
import { describe, expect, it } from 'vitest';
import { type LaunderingAlertFilters, matchesLaunderingFilters, pushedLaunderingAlert } from './live/live-filters';
import { formFieldOf, newSettingValues, settingToValues, valuesToBody } from './setting-form';

const record: LaunderingSettingRecord = {
  EventID: 8,
  EventName: 'Opposing bets',
  SidePairs: [
    ['banker', 'player'],
    ['red', 'black'],
  ],
  GameTypes: ['baccarat'],
  MinStake: 50,
  StakeTolerance: 5,
  MinOpposedShare: 70,
  TimeUnit: 'hour',
  LoopValue: 12,
  Enabled: false,
  Levels: [
    { Level: 1, Rounds: 3, MatchedStake: 0, Op: 'or' },
    { Level: 3, Rounds: 10, MatchedStake: 5000, Op: 'and' },
  ],
  CreateDate: '2026-11-25T00:00:00Z',
  UpdateDate: '2026-11-25T00:00:00Z',
  UpdatedBy: 'admin',
};

describe('opposing-bet setting form', () => {
  it('gives a new setting the default pairs and levels, which the contract accepts', () => {
    const body = valuesToBody({ ...newSettingValues(), EventName: 'Mine' });
    expect(body.SidePairs).toContainEqual(['banker', 'player']);
    expect(body.SidePairs).toHaveLength(6);
    expect(body.Levels.map((l) => l.Rounds)).toEqual([3, 6, 10]);
    expect(LaunderingSettingBody.safeParse(body).success).toBe(true);
  });

  it('round-trips a setting through the form (levels that are off are not sent)', () => {
    const values = settingToValues(record);
    expect(values.Levels[1].On).toBe(false);
    const { EventID, CreateDate, UpdateDate, UpdatedBy, ...body } = record;
    expect(valuesToBody(values)).toEqual(body);
  });

  it('refuses a pair of two equal sides on the pair row, and an empty side on its field', () => {
    const values = settingToValues(record);
    values.SidePairs[1] = { A: 'Red', B: 'red' };
    const body = valuesToBody(values);
    const checked = LaunderingSettingBody.safeParse(body);
    expect(checked.success).toBe(false);
    const paths = checked.error?.issues.map((i) => formFieldOf(i.path, body));
    expect(paths).toContainEqual(['SidePairs', 1, 'A']);
    expect(formFieldOf(['SidePairs', 0, 1], body)).toEqual(['SidePairs', 0, 'B']);
  });

  it('maps server field errors back to the form: a level entry to its level row', () => {
    const body = valuesToBody(settingToValues(record));
    expect(formFieldOf('Levels[1].Rounds', body)).toEqual(['Levels', 2, 'Rounds']);
    expect(formFieldOf('StakeTolerance', body)).toEqual(['StakeTolerance']);
    expect(formFieldOf('LoopValue', body)).toEqual(['LoopValue']);
    expect(formFieldOf('Levels', body)).toEqual(['Levels']);
    expect(formFieldOf('Nope', body)).toBeUndefined();
  });

  it('reports a tolerance over 100 and a window over 31 days on their fields', () => {
    const body = valuesToBody({ ...settingToValues(record), StakeTolerance: 101, TimeUnit: 'day', LoopValue: 40 });
    const checked = LaunderingSettingBody.safeParse(body);
    const fields = checked.error?.issues.map((i) => formFieldOf(i.path, body)?.[0]);
    expect(fields).toEqual(expect.arrayContaining(['StakeTolerance', 'LoopValue']));
  });
});

describe('live opposing-bet alerts', () => {
  const filters: LaunderingAlertFilters = {
    Start: '2026-11-20T00:00:00Z',
    End: '2026-11-27T00:00:00Z',
    MemberIDs: [],
  };
  const alert = pushedLaunderingAlert({
    AlertID: 4,
    Level: 1,
    MemberIDs: ['m1', 'm2'],
    HappenedAt: '2026-11-26T01:00:00Z',
    Status: 0,
  });

  it('counts a pushed alert the filters would show, and no other', () => {
    expect(alert).toBeDefined();
    if (!alert) return;
    expect(matchesLaunderingFilters(alert, filters)).toBe(true);
    expect(matchesLaunderingFilters(alert, { ...filters, MemberIDs: ['m2'] })).toBe(true);
    expect(matchesLaunderingFilters(alert, { ...filters, MemberIDs: ['m3'] })).toBe(false);
    expect(matchesLaunderingFilters(alert, { ...filters, Status: 1 })).toBe(false);
    expect(matchesLaunderingFilters(alert, { ...filters, End: '2026-11-26T01:00:00Z' })).toBe(false);
  });

  it('ignores a message without the list shape', () => {
    expect(pushedLaunderingAlert({ AlertID: 1, Level: 1 })).toBeUndefined();
    expect(
      pushedLaunderingAlert({ AlertID: 1, Level: 1, MemberIDs: 'm1', HappenedAt: 'x', Status: 0 }),
    ).toBeUndefined();
  });
});
