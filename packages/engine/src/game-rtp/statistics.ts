import type { GameRtpDirection, GameRtpRule, GameRtpTest, Level } from '@pitboss/contract';

/**
 * The statistics of the game RTP detector, shared by the detector and its oracle: what a window's sums
 * and sequential statistics mean. Everything here is a pure function of exactly summed inputs, so the
 * same window gives bit for bit the same figures however its bets arrived.
 */

/** A bet's payout ratio as an integer in millionths, capped at 1,000× the stake (a jackpot moves the CUSUM by a bounded step). */
export const RATIO_SCALE = 1_000_000;
export const RATIO_CAP = 1000;

export function ratioMicros(stake: number, payout: number): number {
  if (!(stake > 0)) return 0;
  return Math.round(Math.min(payout / stake, RATIO_CAP) * RATIO_SCALE);
}

/** The constant a level's CUSUM on one side subtracts from each ratio: the expectation moved half the band that way. */
export function cusumReference(expected: number, band: number, sign: 1 | -1): number {
  return Math.round((expected + (sign * band) / 2) * RATIO_SCALE);
}

/** A bet's CUSUM increment (integer millionths): `sign × (ratio − reference)`; 0 for a bet without stake. */
export function cusumIncrement(stake: number, payout: number, reference: number, sign: 1 | -1): number {
  if (!(stake > 0)) return 0;
  return sign * (ratioMicros(stake, payout) - reference);
}

/** Exact sums over a window (each correctly rounded): stake, payout, stake², payout², stake × payout. */
export interface WindowSums {
  rounds: number;
  stake: number;
  payout: number;
  stakeSq: number;
  payoutSq: number;
  stakePayout: number;
  /**
   * The largest payout ratio in the window, in integer millionths (`ratioMicros`, capped at 1,000×): how
   * big a win the game has shown it can pay. Without it (undefined) the "below" side is not widened.
   */
  maxRatioMicros?: number;
}

/** The inverse of the standard normal distribution function (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ] as const;
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572] as const;
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ] as const;
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416] as const;
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/**
 * The sequential test's threshold on the log-likelihood-ratio CUSUM: ln(MinRounds ÷ (1 − Confidence)).
 * By Lorden's bound the CUSUM's average run length on a fair game is at least e^threshold bets, so a
 * level false-alarms at most about once per MinRounds ÷ (1 − Confidence) rounds.
 */
export function sequentialThreshold(minRounds: number, confidence: number): number {
  return Math.log(minRounds / (1 - confidence));
}

export interface WindowStats {
  observed: number;
  /** Standard error of the observed RTP (ratio estimator, observed variance): √Σ(p − R·s)² ÷ Σs. */
  stdError: number;
  /** Variance of the payout per unit staked: Σ(p − R·s)² ÷ Σs². */
  unitVariance: number;
  z: number;
}

export function windowStats(sums: WindowSums, expected: number): WindowStats | undefined {
  if (!(sums.stake > 0)) return undefined;
  const observed = sums.payout / sums.stake;
  const rss = Math.max(0, sums.payoutSq - 2 * observed * sums.stakePayout + observed * observed * sums.stakeSq);
  const stdError = Math.sqrt(rss) / sums.stake;
  const unitVariance = sums.stakeSq > 0 ? rss / sums.stakeSq : 0;
  const deviation = observed - expected;
  const z = stdError > 0 ? deviation / stdError : deviation === 0 ? 0 : Math.sign(deviation) * Number.POSITIVE_INFINITY;
  return { observed, stdError, unitVariance, z };
}

/**
 * The figures the "below" side judges with. A window that has not (yet) seen a game's rare big wins
 * looks as if the game paid too little, with a small observed variance that ignores the missing tail.
 * Under H0 the shortfall E − R is still owed, at most by wins as large as the largest in the window
 * (M): that possibility adds (E − R)·(M − R) to the variance of the payout per unit staked (a mass
 * (E − R)/(M − R) at M). Tables (M ≈ 2) barely change; a slot window without its top prizes no longer
 * reads as a significant shortfall.
 */
export function belowStats(sums: WindowSums, expected: number, stats: WindowStats): WindowStats {
  const shortfall = expected - stats.observed;
  if (!(shortfall > 0) || sums.maxRatioMicros === undefined || !(sums.stakeSq > 0)) return stats;
  const largest = sums.maxRatioMicros / RATIO_SCALE;
  const unitVariance = stats.unitVariance + shortfall * Math.max(0, largest - stats.observed);
  const stdError = Math.sqrt(unitVariance * sums.stakeSq) / sums.stake;
  const deviation = stats.observed - expected;
  const z = stdError > 0 ? deviation / stdError : Number.NEGATIVE_INFINITY;
  return { observed: stats.observed, stdError, unitVariance, z };
}

/** One side of one level: its band (a fraction) and its CUSUM reference. */
export interface LevelSide {
  level: Level;
  sign: 1 | -1;
  /** The band as a fraction (3 points = 0.03). */
  band: number;
  confidence: number;
  reference: number;
}

/** The sides a rule watches, levels highest first, above before below. */
export function sidesOf(rule: GameRtpRule, expected: number): LevelSide[] {
  const sides: LevelSide[] = [];
  for (const level of [...rule.Levels].sort((a, b) => b.Level - a.Level)) {
    for (const [sign, points] of [
      [1, level.Above],
      [-1, level.Below],
    ] as const) {
      if (points === null || points === undefined) continue;
      const band = points / 100;
      sides.push({
        level: level.Level,
        sign,
        band,
        confidence: level.Confidence,
        reference: cusumReference(expected, band, sign),
      });
    }
  }
  return sides;
}

/** What a position measured and which level held there (level 0: none). */
export interface Judgement {
  level: 0 | Level;
  direction: GameRtpDirection;
  test: GameRtpTest;
  stats: WindowStats | undefined;
  /** The log-likelihood-ratio CUSUM on the judged side. */
  cusum: number;
  band: number;
  confidence: number;
}

/**
 * Judges a position: the highest level that holds on either side, by the window test (deviation at least
 * the band and z at least the confidence's quantile) or the sequential test (the side's CUSUM of
 * log-likelihood ratios, H0 the expectation against H1 the expectation moved by the band, at least
 * `sequentialThreshold`). Nothing holds below `MinRounds` rounds. `cusums[i]` is the windowed CUSUM of
 * `sides[i]` in integer millionths (max over the window's suffixes of the increments, at least 0).
 */
export function judge(
  rule: GameRtpRule,
  expected: number,
  sides: readonly LevelSide[],
  sums: WindowSums,
  cusums: readonly number[],
): Judgement {
  const stats = windowStats(sums, expected);
  const none: Judgement = { level: 0, direction: 'above', test: 'window', stats, cusum: 0, band: 0, confidence: 0 };
  if (!stats || sums.rounds < rule.MinRounds) return none;
  const deviation = stats.observed - expected;
  const below = belowStats(sums, expected, stats);
  for (let i = 0; i < sides.length; i++) {
    const side = sides[i] as LevelSide;
    const direction: GameRtpDirection = side.sign === 1 ? 'above' : 'below';
    const sideStats = side.sign === 1 ? stats : below;
    const llr =
      sideStats.unitVariance > 0 ? ((side.band / sideStats.unitVariance) * (cusums[i] ?? 0)) / RATIO_SCALE : 0;
    const base = {
      level: side.level,
      direction,
      stats: sideStats,
      cusum: llr,
      band: side.band,
      confidence: side.confidence,
    };
    if (side.sign * deviation >= side.band && side.sign * sideStats.z >= normalQuantile(side.confidence)) {
      return { ...base, test: 'window' };
    }
    if (side.sign * deviation > 0 && llr >= sequentialThreshold(rule.MinRounds, side.confidence)) {
      return { ...base, test: 'sequential' };
    }
  }
  return none;
}

/** Whether a rule watches a game (scope all, its type, or the game itself). */
export function ruleCovers(rule: GameRtpRule, gameId: string, gameType: string | null): boolean {
  if (!rule.Enabled) return false;
  if (rule.Scope === 'all') return true;
  if (rule.Scope === 'type') return gameType !== null && gameType === rule.GameType;
  return gameId === rule.GameID;
}
