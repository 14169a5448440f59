import type { GameRtpRule } from '@pitboss/contract';
import { GameRtpDetector, type RtpBet } from './game-rtp-detector';

/**
 * Scoring the game RTP detector on streams with a known truth (issue 17, item 8): used by the quality
 * test and by `bench/game-rtp-quality.ts`. Pure; the streams come from the caller (the simulator's
 * `createRtpStreams`).
 */
export interface QualityGame {
  gameId: string;
  gameType: string;
  expectedRtp: number;
  /** Epoch ms from which the game's RTP drifts; null for a stable game. */
  driftFrom: number | null;
}

export interface QualityOutcome {
  gameId: string;
  /** Rounds of the game from the drift's start up to and including the first alert after it; null: not caught. */
  roundsToDetection: number | null;
  /** Alerts on a stable game, or before the drift on a drifted one. */
  falseAlarms: number;
  /** The fixed rule (|RTP − expected| ≥ 3 points over a block of 100,000 games): same two figures. */
  fixedRoundsToDetection: number | null;
  fixedFalseAlarms: number;
  rounds: number;
}

export const FIXED_RULE = { rounds: 100_000, points: 3 } as const;

/** Runs the detector (in batches, as ingestion would) and the fixed rule over one game's rounds. */
export function scoreGame(
  rules: readonly GameRtpRule[],
  game: QualityGame,
  bets: Iterable<RtpBet>,
  batchSize = 10_000,
): QualityOutcome {
  const detector = new GameRtpDetector(rules, [
    { gameId: game.gameId, gameType: game.gameType, expectedRtp: game.expectedRtp },
  ]);
  const driftFrom = game.driftFrom ?? Number.POSITIVE_INFINITY;
  let rounds = 0;
  let driftRounds = 0;
  let roundsToDetection: number | null = null;
  let falseAlarms = 0;
  let fixedRoundsToDetection: number | null = null;
  let fixedFalseAlarms = 0;
  let block = { stake: 0, payout: 0, n: 0, fair: true };
  let batch: RtpBet[] = [];
  const alertAt = new Map<string, number>();
  const roundsAt = new Map<string, number>();

  const flush = () => {
    for (const alert of detector.process(batch).alerts) {
      const at = Date.parse(alert.windowEnd);
      if (at < driftFrom) falseAlarms++;
      else if (roundsToDetection === null) roundsToDetection = roundsAt.get(alert.eventId) ?? null;
      alertAt.set(alert.eventId, at);
    }
    batch = [];
    roundsAt.clear();
  };

  for (const bet of bets) {
    rounds++;
    if (bet.at >= driftFrom) driftRounds++;
    batch.push(bet);
    roundsAt.set(bet.id, driftRounds);
    // The fixed rule on consecutive blocks of 100,000 games; a block holding fair rounds only is "stable".
    block.stake += bet.stake;
    block.payout += bet.payout;
    block.n++;
    if (bet.at >= driftFrom) block.fair = false;
    if (block.n === FIXED_RULE.rounds) {
      const deviation = (block.payout / block.stake - game.expectedRtp) * 100;
      if (Math.abs(deviation) >= FIXED_RULE.points) {
        if (block.fair) fixedFalseAlarms++;
        else if (fixedRoundsToDetection === null) fixedRoundsToDetection = driftRounds;
      }
      block = { stake: 0, payout: 0, n: 0, fair: true };
    }
    if (batch.length >= batchSize) flush();
  }
  flush();
  return { gameId: game.gameId, roundsToDetection, falseAlarms, fixedRoundsToDetection, fixedFalseAlarms, rounds };
}

/** Rounds a fixed z-test needs for a drift of `points` at one-sided confidence 1 − α and power 1 − β: ((z_α + z_β)·σ ÷ d)². */
export function roundsNeeded(sigma: number, points: number, zAlpha: number, zBeta: number): number {
  const d = points / 100;
  return ((zAlpha + zBeta) * sigma) ** 2 / (d * d);
}
