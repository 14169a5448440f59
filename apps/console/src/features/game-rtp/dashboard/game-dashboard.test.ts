import type { GameRtpSearchRow } from '@pitboss/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { periodDays, summariseByType, topDeviating } from './game-dashboard';

const row = (GameID: string, GameType: string, over: Partial<GameRtpSearchRow> = {}): GameRtpSearchRow => ({
  GameID,
  GameName: GameID,
  GameType,
  Provider: '',
  Rounds: 10,
  Players: 2,
  Turnover: 100,
  Payout: 90,
  GGR: 10,
  Unconverted: 0,
  ObservedRTP: 0.9,
  ExpectedRTP: 0.95,
  Deviation: -5,
  StdError: 2,
  ZScore: -2.5,
  BandLow: 0.86,
  BandHigh: 0.94,
  Significant: true,
  ...over,
});

describe('game dashboard figures', () => {
  it('answers the period as days of the zone', () => {
    const today = dayjs('2026-11-26');
    expect(periodDays('today', today)).toEqual({ Start: '2026-11-26', End: '2026-11-26' });
    expect(periodDays('7d', today)).toEqual({ Start: '2026-11-20', End: '2026-11-26' });
    expect(periodDays('30d', today)).toEqual({ Start: '2026-10-28', End: '2026-11-26' });
  });

  it('sums games per type with the turnover-weighted expectation and the open alerts', () => {
    const rows = [
      row('a', 'slot'),
      row('b', 'slot', { Turnover: 300, Payout: 330, GGR: -30, ExpectedRTP: 0.97, Significant: false }),
      row('c', 'slot', { Turnover: 50, Payout: 0, GGR: 50, ExpectedRTP: null, Significant: false }),
      row('d', 'baccarat', { Turnover: 1000, Payout: 990, GGR: 10 }),
    ];
    const [first, slots] = summariseByType(
      rows,
      new Map([
        ['b', 2],
        ['d', 1],
      ]),
    );
    expect(first).toMatchObject({ GameType: 'baccarat', Games: 1, OpenAlerts: 1, ObservedRTP: 0.99 });
    expect(slots).toMatchObject({ GameType: 'slot', Games: 3, Rounds: 30, Turnover: 450, Payout: 420, GGR: 30 });
    expect(slots?.ObservedRTP).toBeCloseTo(420 / 450, 12);
    expect(slots?.ExpectedRTP).toBeCloseTo((0.95 * 100 + 0.97 * 300) / 400, 12);
    expect(slots).toMatchObject({ Significant: 1, OpenAlerts: 2 });
  });

  it('ranks games by |z|, then |deviation|, games without an expectation last', () => {
    const rows = [
      row('calm', 'slot', { ZScore: 0.3, Deviation: 0.5 }),
      row('none', 'slot', { ZScore: null, Deviation: null }),
      row('hot', 'slot', { ZScore: 4.2, Deviation: 3 }),
      row('cold', 'slot', { ZScore: -5, Deviation: -2 }),
    ];
    expect(topDeviating(rows).map((r) => r.GameID)).toEqual(['cold', 'hot', 'calm', 'none']);
    expect(topDeviating(rows, 2)).toHaveLength(2);
  });
});
