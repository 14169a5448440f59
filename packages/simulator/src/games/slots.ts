import type { Random } from '../random';

/**
 * Slot paytables. A spin pays `multiplier × stake`; most hits pay less than the stake (which the win-
 * streak rule does not count as a win) and rare ones pay hundreds of times it. Each game has three
 * tiers with the same return to player and growing variance; `chooseTier` hands the high-variance tier
 * only to members whose recent turnover can absorb its jackpots without an outlandish day. The game's
 * RTP is the same whatever the tier, so tiers change nobody's expectation, only the spread.
 */
export type SlotTier = 0 | 1 | 2;

interface Bucket {
  multiplier: number;
  p: number;
}

/** [multiplier, probability]; the `null` probability is solved so the table returns the target RTP. */
type Template = readonly (readonly [number, number | null])[];

const TEMPLATES: Record<SlotTier, Template> = {
  // Low variance (σ ≈ 1.3 stakes), top prize 5×.
  0: [
    [0.2, 0.1],
    [0.5, 0.09],
    [0.8, 0.07],
    [1.5, 0.07],
    [2, 0.06],
    [3, null],
    [4, 0.03],
    [5, 0.02],
  ],
  // Medium (σ ≈ 2), top prize 25×.
  1: [
    [0.2, 0.08],
    [0.5, 0.07],
    [0.8, 0.05],
    [1.5, 0.08],
    [2, 0.06],
    [3, 0.04],
    [5, null],
    [10, 0.01],
    [25, 0.002],
  ],
  // High (σ ≈ 3.3), top prize 250×.
  2: [
    [0.2, 0.08],
    [0.5, 0.07],
    [0.8, 0.05],
    [1.5, 0.07],
    [2, 0.05],
    [3, 0.035],
    [5, null],
    [10, 0.008],
    [20, 0.003],
    [50, 0.0008],
    [100, 0.0002],
    [250, 0.00005],
  ],
};

export interface SlotModel {
  rtp: number;
  tiers: readonly (readonly Bucket[])[];
  /** Cumulative probabilities per tier, for sampling. */
  cumulative: readonly Float64Array[];
}

export function slotModel(rtp: number): SlotModel {
  const tiers = ([0, 1, 2] as const).map((tier) => solveTemplate(TEMPLATES[tier], rtp));
  const cumulative = tiers.map((buckets) => {
    const c = new Float64Array(buckets.length);
    let sum = 0;
    buckets.forEach((b, i) => {
      sum += b.p;
      c[i] = sum;
    });
    return c;
  });
  return { rtp, tiers, cumulative };
}

function solveTemplate(template: Template, rtp: number): Bucket[] {
  let fixed = 0;
  let fillerMultiplier = 0;
  for (const [m, p] of template) {
    if (p === null) fillerMultiplier = m;
    else fixed += m * p;
  }
  const filler = (rtp - fixed) / fillerMultiplier;
  if (filler <= 0) throw new Error(`slot RTP ${rtp} is below what the paytable pays`);
  return template.map(([multiplier, p]) => ({ multiplier, p: p ?? filler }));
}

/** One spin's multiplier (0 = nothing). `scale` drifts the paytable (1 = as designed). */
export function spin(model: SlotModel, tier: SlotTier, rng: Random, scale = 1): number {
  const cumulative = model.cumulative[tier];
  const buckets = model.tiers[tier];
  if (!cumulative || !buckets) return 0;
  const x = rng.float();
  for (let i = 0; i < cumulative.length; i++) {
    if (x < (cumulative[i] ?? 0)) return (buckets[i]?.multiplier ?? 0) * scale;
  }
  return 0;
}

/**
 * The tier a member gets: their stake sum over the last day, in units of this spin's stake, must be
 * large enough that the tier's top prize cannot lift their day's return far.
 */
export function chooseTier(windowStakeInSpins: number, windowRatio: number): SlotTier {
  if (windowStakeInSpins >= 1_000 && windowRatio <= 1.1) return 2;
  if (windowStakeInSpins >= 150 && windowRatio <= 1.2) return 1;
  return 0;
}

export function tierStats(model: SlotModel, tier: SlotTier) {
  const buckets = model.tiers[tier] ?? [];
  let mean = 0;
  let square = 0;
  let win = 0;
  let hit = 0;
  for (const b of buckets) {
    mean += b.multiplier * b.p;
    square += b.multiplier * b.multiplier * b.p;
    if (b.multiplier > 1) win += b.p;
    hit += b.p;
  }
  return { rtp: mean, sigma: Math.sqrt(square - mean * mean), winRate: win, hitRate: hit };
}

export const SLOT_SPIN_MS: readonly [number, number] = [2_500, 6_000];
