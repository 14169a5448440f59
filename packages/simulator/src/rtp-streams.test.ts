import { describe, expect, it } from 'vitest';
import { createRtpStreams, paytableSigma, VOLATILITY_CLASSES } from './rtp-streams';

const options = {
  seed: 3,
  start: new Date('2026-03-01T00:00:00Z'),
  days: 1,
  stablePerClass: 1,
  driftedPerClass: 2,
  roundsPerDay: { low: 200_000, medium: 200_000, high: 200_000, jackpot: 200_000 },
};

describe('RTP quality streams', () => {
  it('order the volatility classes by σ, a jackpot slot the widest', () => {
    const sigmas = VOLATILITY_CLASSES.map((v) => paytableSigma(v, 0.96));
    expect(sigmas[0]).toBeCloseTo(0.98, 1);
    for (let i = 1; i < sigmas.length; i++) expect(sigmas[i]).toBeGreaterThan(sigmas[i - 1] as number);
    expect(sigmas[3]).toBeGreaterThan(9);
  });

  it('record every planted drift (2–5 points, alternating up and down) and the stable games in the ground truth', () => {
    const streams = createRtpStreams(options);
    const truth = streams.groundTruth();
    expect(truth.games).toHaveLength(4 * 3);
    const drifted = truth.games.filter((g) => g.drift);
    expect(drifted).toHaveLength(8);
    for (const game of drifted) {
      const points = Math.abs(game.drift?.points ?? 0);
      expect(points).toBeGreaterThanOrEqual(2);
      expect(points).toBeLessThanOrEqual(5);
      expect(game.drift?.driftedRtp).toBeCloseTo(game.expectedRtp + (game.drift?.points ?? 0) / 100, 6);
    }
    expect(drifted.filter((g) => (g.drift?.points ?? 0) > 0).length).toBe(4);
    // Same seed, same streams.
    expect(createRtpStreams(options).groundTruth()).toEqual(truth);
  });

  it('pay the expectation before the drift and the drifted RTP after it, within 4 standard errors', () => {
    const streams = createRtpStreams(options);
    for (const game of streams.games.filter((g) => g.volatility === 'low' || g.volatility === 'medium')) {
      const from = game.drift ? Date.parse(game.drift.from) : Number.POSITIVE_INFINITY;
      const sums = { before: [0, 0], after: [0, 0] };
      for (const bet of streams.bets(game.gameId)) {
        const side = bet.at >= from ? sums.after : sums.before;
        side[0] = (side[0] as number) + bet.stake;
        side[1] = (side[1] as number) + bet.payout;
      }
      const check = ([stake, payout]: number[], rtp: number) => {
        if (!stake) return;
        expect(Math.abs((payout as number) / stake - rtp)).toBeLessThan((4 * game.sigma) / Math.sqrt(stake));
      };
      check(sums.before, game.expectedRtp);
      if (game.drift) check(sums.after, game.drift.driftedRtp);
    }
  });
});
