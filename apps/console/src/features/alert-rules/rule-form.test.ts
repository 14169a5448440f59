import type { AlertRuleRecord } from '@pitboss/contract';
import { AlertRuleBody } from '@pitboss/contract/schemas';
import { describe, expect, it } from 'vitest';
import { formFieldOf, newRuleValues, ruleToValues, valuesToBody } from './rule-form';

const rule: AlertRuleRecord = {
  EventID: 9,
  EventName: 'Ratio',
  EventType: 1,
  TimeUnit: 'hour',
  LoopValue: 6,
  Enabled: false,
  Levels: [
    { Level: 3, Op: '>', Value: 4, MinSample: 30 },
    { Level: 1, Op: '>', Value: 1.5, MinSample: 30 },
  ],
  TypeName: 'High ratio',
  CreateDate: '2026-11-22T00:00:00.000Z',
  UpdateDate: '2026-11-22T00:00:00.000Z',
  UpdatedBy: 'admin',
};

describe('rule form', () => {
  it('puts each level on its own row and sends only the rows that are on, in level order', () => {
    const values = ruleToValues(rule);
    expect(values.Levels.map((row) => row.On)).toEqual([true, false, true]);
    const body = valuesToBody(values);
    expect(body.Levels).toEqual([
      { Level: 1, Op: '>', Value: 1.5, MinSample: 30 },
      { Level: 3, Op: '>', Value: 4, MinSample: 30 },
    ]);
    expect(AlertRuleBody.safeParse(body).success).toBe(true);
  });

  it('lets the schema name an empty value on its row, and accepts an empty value for `any`', () => {
    const values = newRuleValues(3);
    values.EventName = 'IP ring';
    values.Levels[1] = { On: true, Op: '>=', Value: null, MinSample: 1 };
    values.Levels[2] = { On: true, Op: 'any', Value: null, MinSample: 5 };
    const body = valuesToBody(values);
    const result = AlertRuleBody.safeParse(body);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => formFieldOf(issue.path, body));
    // Body entry 1 is level 2 (row index 1); level 1's row has no value either.
    expect(paths).toContainEqual(['Levels', 1, 'Value']);
    expect(body.Levels[2]).toMatchObject({ Level: 3, Op: 'any', Value: 0 });
  });

  it('maps the window check and server field paths onto the form', () => {
    const values = { ...newRuleValues(), EventName: 'x', TimeUnit: 'week' as const, LoopValue: 60 };
    values.Levels[0] = { On: true, Op: '>', Value: 2, MinSample: 10 };
    const body = valuesToBody(values);
    const result = AlertRuleBody.safeParse(body);
    expect(result.error?.issues.map((issue) => formFieldOf(issue.path, body))).toEqual([['LoopValue']]);
    const two = valuesToBody({ ...ruleToValues(rule) });
    expect(formFieldOf('Levels[1].MinSample', two)).toEqual(['Levels', 2, 'MinSample']);
    expect(formFieldOf('Levels', two)).toEqual(['Levels']);
    expect(formFieldOf('EventName', two)).toEqual(['EventName']);
    expect(formFieldOf('body', two)).toBeUndefined();
  });
});
