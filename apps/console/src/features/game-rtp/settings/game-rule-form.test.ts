import type { GameRtpRuleRecord } from '@pitboss/contract';
import { GameRtpRuleBody } from '@pitboss/contract/schemas';
import { describe, expect, it } from 'vitest';
import {
  formatPoints,
  formatRtp,
  gameFormFieldOf,
  gameRuleToValues,
  gameValuesToBody,
  newGameRuleValues,
  ruleWithEnabled,
} from './game-rule-form';

const rule: GameRtpRuleRecord = {
  EventID: 12,
  EventName: 'Slots',
  Scope: 'type',
  GameType: 'slot',
  GameID: null,
  ExpectedRTP: 0.965,
  TimeUnit: 'hour',
  LoopValue: 6,
  MinRounds: 5000,
  Enabled: true,
  Levels: [
    { Level: 3, Above: 5, Below: null, Confidence: 0.9999 },
    { Level: 1, Above: 2, Below: 2, Confidence: 0.999 },
  ],
  EventType: 8,
  TypeName: 'Game RTP',
  CreateDate: '2026-11-22T00:00:00.000Z',
  UpdateDate: '2026-11-22T00:00:00.000Z',
  UpdatedBy: 'admin',
};

describe('game rule form', () => {
  it('shows fractions as percentages and sends them back as the same fractions', () => {
    const values = gameRuleToValues(rule);
    expect(values.ExpectedRTP).toBe(96.5);
    expect(values.Levels.map((row) => [row.On, row.Confidence])).toEqual([
      [true, 99.9],
      [false, 99.9],
      [true, 99.99],
    ]);
    const body = gameValuesToBody(values);
    expect(body.ExpectedRTP).toBe(0.965);
    expect(body.Levels).toEqual([
      { Level: 1, Above: 2, Below: 2, Confidence: 0.999 },
      { Level: 3, Above: 5, Below: null, Confidence: 0.9999 },
    ]);
    expect(GameRtpRuleBody.safeParse(body).success).toBe(true);
  });

  it('sends only the target of the chosen scope, and a new rule passes the contract', () => {
    const values = { ...gameRuleToValues(rule), Scope: 'all' as const, GameID: 'g-1' };
    expect(gameValuesToBody(values)).toMatchObject({ Scope: 'all', GameType: null, GameID: null });
    const fresh = { ...newGameRuleValues(), EventName: 'All games' };
    expect(GameRtpRuleBody.safeParse(gameValuesToBody(fresh)).success).toBe(true);
    expect(gameValuesToBody({ ...fresh, ExpectedRTP: null }).ExpectedRTP).toBeNull();
  });

  it('a level without any band fails the contract on its row', () => {
    const values = newGameRuleValues();
    values.EventName = 'x';
    values.Levels[0] = { On: true, Above: null, Below: null, Confidence: 99 };
    const body = gameValuesToBody(values);
    const checked = GameRtpRuleBody.safeParse(body);
    expect(checked.success).toBe(false);
    const paths = checked.error?.issues.map((issue) => gameFormFieldOf(issue.path, body));
    expect(paths).toContainEqual(['Levels', 0, 'Above']);
  });

  it("maps the server's field paths back to the level's row", () => {
    const body = gameValuesToBody(gameRuleToValues(rule));
    expect(gameFormFieldOf('Levels[1].Below', body)).toEqual(['Levels', 2, 'Below']);
    expect(gameFormFieldOf('Levels', body)).toEqual(['Levels']);
    expect(gameFormFieldOf('ExpectedRTP', body)).toEqual(['ExpectedRTP']);
    expect(gameFormFieldOf('GameID', body)).toEqual(['GameID']);
    expect(gameFormFieldOf('Nope', body)).toBeUndefined();
  });

  it('switching a rule on or off keeps everything else', () => {
    const body = ruleWithEnabled(rule, false);
    expect(body).toMatchObject({ Enabled: false, Scope: 'type', GameType: 'slot', LoopValue: 6, MinRounds: 5000 });
    expect(body.Levels).toBe(rule.Levels);
    expect(GameRtpRuleBody.safeParse(body).success).toBe(true);
  });

  it('formats RTPs and signed points', () => {
    expect(formatRtp(0.9651, 'en')).toBe('96.51 %');
    expect(formatRtp(null)).toBe('—');
    expect(formatPoints(2.314, 'en')).toBe('+2.31');
    expect(formatPoints(-3, 'en')).toBe('−3.00');
  });
});
