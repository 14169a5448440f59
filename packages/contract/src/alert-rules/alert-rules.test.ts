import { describe, expect, it } from 'vitest';
import { AlertRule, AlertRuleFields, withWindowCheck } from './alert-rules.schemas';

const rule = {
  EventID: 1,
  EventName: 'High ratio',
  EventType: 1,
  TimeUnit: 'day',
  LoopValue: 1,
  Enabled: true,
  Levels: [{ Level: 1, Op: '>', Value: 1.5, MinSample: 30 }],
};

describe('alert rule', () => {
  it('accepts a rule with its levels', () => {
    expect(AlertRule.parse(rule)).toEqual(rule);
  });

  it.each([
    ['unknown type', { ...rule, EventType: 8 }, 'EventType'],
    ['unknown time unit', { ...rule, TimeUnit: 'decade' }, 'TimeUnit'],
    ['zero loop value', { ...rule, LoopValue: 0 }, 'LoopValue'],
    ['window over a year', { ...rule, TimeUnit: 'month', LoopValue: 13 }, 'LoopValue'],
    ['unknown operator', { ...rule, Levels: [{ Level: 1, Op: '=', Value: 1, MinSample: 0 }] }, 'Levels'],
    ['level 4', { ...rule, Levels: [{ Level: 4, Op: '>', Value: 1, MinSample: 0 }] }, 'Levels'],
    ['fractional sample', { ...rule, Levels: [{ Level: 1, Op: '>', Value: 1, MinSample: 1.5 }] }, 'Levels'],
    ['rule without levels', { ...rule, Levels: [] }, 'Levels'],
    ['blank name', { ...rule, EventName: '  ' }, 'EventName'],
  ])('refuses a %s', (_name, input, field) => {
    const result = AlertRule.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('refuses a level given twice', () => {
    const twice = { ...rule, Levels: [rule.Levels[0], rule.Levels[0]] };
    expect(AlertRule.safeParse(twice).error?.issues[0]?.message).toBe('each level at most once');
  });
});

describe('alert rule fields', () => {
  it('derive a body without the id that still checks the window', () => {
    const body = withWindowCheck(AlertRuleFields.omit({ EventID: true }));
    const { EventID: _, ...rest } = rule;
    expect(body.safeParse(rest).success).toBe(true);
    expect(body.safeParse({ ...rest, TimeUnit: 'year', LoopValue: 2 }).error?.issues[0]?.path).toEqual(['LoopValue']);
  });
});
