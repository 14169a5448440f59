import type { GameRtpRule } from '@pitboss/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RTP_RULES } from './default-game-rtp-rules';
import { GameRtpDetector, type RtpBet } from './game-rtp-detector';
import { normalQuantile, windowStats } from './statistics';

/** A seeded generator (mulberry32), so the streams are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BASE = Date.parse('2026-03-01T00:00:00Z');
// The default rule with the statistics' own floor of 2,000 rounds (the default waits for 20,000): these
// tests measure the tests' speed, not the default's floor.
const rule: GameRtpRule = {
  EventID: 1,
  ...(DEFAULT_GAME_RTP_RULES[0] as Omit<GameRtpRule, 'EventID'>),
  MinRounds: 2000,
};

/** Low volatility: wins 1.92× with probability 0.5 (RTP 0.96, σ ≈ 0.96). */
function evenMoney(rng: () => number, rtp: number): number {
  return rng() < rtp / 1.92 ? 1.92 : 0;
}

/** A jackpot slot: 0.5 % of RTP from a 10,000× win once in 2 million spins, the rest from small wins. */
function jackpot(rng: () => number, rtp: number): number {
  const u = rng();
  if (u < 1 / 2_000_000) return 10_000;
  return u < (rtp - 0.005) / 2 ? 2 : 0;
}

function stream(n: number, seed: number, payout: (rng: () => number, i: number) => number): RtpBet[] {
  const rng = random(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `b${String(i).padStart(7, '0')}`,
    gameId: 'g',
    at: BASE + i * 500,
    stake: 1,
    payout: payout(rng, i),
  }));
}

function firstAlert(bets: RtpBet[], rules: GameRtpRule[] = [rule]) {
  const detector = new GameRtpDetector(rules, [{ gameId: 'g', gameType: 'slot', expectedRtp: 0.96 }]);
  return detector.process(bets).alerts;
}

describe('game RTP detector behaviour', () => {
  it('normalQuantile matches the standard normal table', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232, 5);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });

  it('computes the standard error from the observed variance of the payout per unit staked', () => {
    // Four bets of 1: payouts 0, 2, 0, 2 → RTP 1, residuals ±1, SE = √4 ÷ 4 = 0.5.
    const stats = windowStats({ rounds: 4, stake: 4, payout: 4, stakeSq: 4, payoutSq: 8, stakePayout: 4 }, 0.9);
    expect(stats).toMatchObject({ observed: 1, stdError: 0.5, unitVariance: 1 });
    expect(stats?.z).toBeCloseTo(0.2, 12);
  });

  it('raises nothing on a fair game over a day of 170,000 rounds', () => {
    expect(firstAlert(stream(170_000, 11, (rng) => evenMoney(rng, 0.96)))).toEqual([]);
  });

  it('raises nothing on a fair jackpot slot whose jackpot falls', () => {
    const bets = stream(170_000, 12, (rng, i) => (i === 90_000 ? 10_000 : jackpot(rng, 0.96)));
    expect(firstAlert(bets)).toEqual([]);
  });

  it('catches a 4-point drift above, at level 2 or higher, with the evidence', () => {
    const bets = stream(60_000, 13, (rng, i) => evenMoney(rng, i < 5_000 ? 0.96 : 1.0));
    const alerts = firstAlert(bets);
    expect(alerts.length).toBeGreaterThan(0);
    const top = alerts.at(-1);
    expect(top).toMatchObject({ direction: 'above', expectedRtp: 0.96, gameId: 'g' });
    expect(top?.level).toBeGreaterThanOrEqual(2);
    expect(top?.deviation).toBeGreaterThan(0.02);
    // Levels only rise within a window: each alert is above the one before.
    for (let i = 1; i < alerts.length; i++) expect(alerts[i]?.level).toBeGreaterThan(alerts[i - 1]?.level as number);
  });

  it('does not read a slot window that has not yet paid its top prizes as a game paying too little', () => {
    // A fair slot (RTP 0.96) whose 250× prize (10 points of its RTP) has not fallen in the first rounds: the
    // window shows 0.86 with a small observed variance; the shortfall could still be paid by wins as large
    // as the window's largest (20×), which widens the "below" side's standard error.
    const noTopPrize = (rng: () => number) => {
      const u = rng();
      return u < 0.005 ? 20 : u < 0.005 + 0.38 ? 2 : 0;
    };
    expect(firstAlert(stream(3_000, 15, noTopPrize))).toEqual([]);
  });

  it('catches a drift below', () => {
    const alerts = firstAlert(stream(60_000, 14, (rng) => evenMoney(rng, 0.92)));
    expect(alerts[0]).toMatchObject({ direction: 'below', level: 1 });
  });

  it('catches a persistent 2-point drift within the rounds a fixed z-test needs (19,600·σ² at 95 % and 80 % power), median over seeds', () => {
    const rounds: number[] = [];
    const tests = new Set<string>();
    for (let seed = 20; seed < 27; seed++) {
      const alert = firstAlert(stream(60_000, seed, (rng) => evenMoney(rng, 0.98)))[0];
      rounds.push(alert ? Number(alert.eventId.slice(1)) + 1 : Number.POSITIVE_INFINITY);
      if (alert) tests.add(alert.test);
    }
    const sigma2 = 0.5 * 0.5 * 1.92 * 1.92; // payout 1.92 or 0 with p ≈ 0.5
    rounds.sort((a, b) => a - b);
    console.log('2-point drift, rounds to the first alert:', rounds.join(', '), 'tests:', [...tests].join(', '));
    expect(rounds[3]).toBeLessThanOrEqual(19_600 * sigma2);
  });
});
