import type { GameRtpRule } from '@pitboss/contract';
import { createRtpStreams } from '@pitboss/simulator';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_RTP_RULES } from './default-game-rtp-rules';
import { scoreGame } from './quality';

/**
 * Issue 17, item 8 on a smaller stream: at the default rule, every planted drift of 3 points or more is
 * caught, and stable games of every volatility — jackpot slots included — raise no alert (the target is at
 * most 1 per 100 stable game-days; 24 game-days here allow none). Drifts are planted on the table games
 * (low and medium volatility), where the rounds a day here suffice; `bench/game-rtp-quality.ts` runs the
 * slots at their volumes.
 */
const rules: GameRtpRule[] = DEFAULT_GAME_RTP_RULES.map((rule, i) => ({ EventID: i + 1, ...rule }));

describe('game RTP detection quality (simulator streams, default rule)', () => {
  it('catches every drift of 3–5 points and raises nothing on stable games of any volatility', () => {
    const streams = createRtpStreams({
      seed: 20261126,
      start: new Date('2026-03-01T00:00:00Z'),
      days: 2,
      stablePerClass: 3,
      driftedPerClass: 2,
      driftClasses: ['low', 'medium'],
      driftPoints: [3, 5],
      roundsPerDay: { low: 40_000, medium: 100_000, high: 60_000, jackpot: 60_000 },
    });
    const outcomes = streams.games.map((game) => ({
      game,
      outcome: scoreGame(
        rules,
        {
          gameId: game.gameId,
          gameType: game.gameType,
          expectedRtp: game.expectedRtp,
          driftFrom: game.drift ? Date.parse(game.drift.from) : null,
        },
        streams.bets(game.gameId),
      ),
    }));
    const drifted = outcomes.filter(({ game }) => game.drift);
    expect(drifted).toHaveLength(4);
    for (const { game, outcome } of drifted) {
      expect(outcome.roundsToDetection, `${game.gameId} drift ${game.drift?.points} points`).not.toBeNull();
      expect(outcome.falseAlarms, game.gameId).toBe(0);
    }
    const stable = outcomes.filter(({ game }) => !game.drift);
    expect(new Set(stable.map(({ game }) => game.volatility))).toEqual(new Set(['low', 'medium', 'high', 'jackpot']));
    expect(stable.map(({ game, outcome }) => [game.gameId, outcome.falseAlarms])).toEqual(
      stable.map(({ game }) => [game.gameId, 0]),
    );
  });
});
