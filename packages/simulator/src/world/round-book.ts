import { FOOTBALL_OPPOSITE, footballMultiplier, type Match } from '../games/football';
import type { TableRules } from '../games/table';
import { NORMAL_BOUNDS } from '../thresholds';

/** What each side of one round pays per unit of stake, and the side that hedges a backed one. */
export interface Payouts {
  readonly opposite: Readonly<Record<string, string>>;
  multiplier(side: string): number;
  hedge(backed: string): string;
}

export class TablePayouts implements Payouts {
  readonly opposite: Readonly<Record<string, string>>;

  constructor(
    private readonly rules: TableRules,
    private readonly outcome: number,
  ) {
    this.opposite = rules.opposite;
  }

  multiplier(side: string): number {
    return this.rules.multiplier(this.outcome, side);
  }

  hedge(): string {
    return this.rules.hedgeSide;
  }
}

export class MatchPayouts implements Payouts {
  readonly opposite = FOOTBALL_OPPOSITE;

  constructor(private readonly match: Match) {}

  multiplier(side: string): number {
    return footballMultiplier(this.match, side);
  }

  hedge(backed: string): string {
    return backed === 'draw' ? 'home' : 'draw';
  }
}

/**
 * The bets of one round, by side and stake bucket. Opposing-bet detection looks for two members on
 * opposite sides of a round with nearly equal stakes; the book answers whether a new bet would form
 * such a pair, so normal members never do (only planted pairs do).
 */
// Two stakes within the tolerance are at most one bucket apart.
const BUCKET = -Math.log(1 - NORMAL_BOUNDS.opposingStakeTolerance);

export class RoundBook {
  /** side → bucket → [stake, member, stake, member, …] */
  private sides = new Map<string, Map<number, number[]>>();

  /** True when a bet of `stake` on `side` would face a bet by another member on `opposite` within tolerance. */
  conflicts(opposite: string | undefined, stake: number, member: number, except = -1): boolean {
    if (opposite === undefined) return false;
    const buckets = this.sides.get(opposite);
    if (!buckets) return false;
    const b = bucketOf(stake);
    for (let k = b - 1; k <= b + 1; k++) {
      const entries = buckets.get(k);
      if (!entries) continue;
      for (let i = 0; i < entries.length; i += 2) {
        const other = entries[i + 1];
        if (other === member || other === except) continue;
        const s = entries[i] ?? 0;
        if (Math.abs(s - stake) <= NORMAL_BOUNDS.opposingStakeTolerance * Math.max(s, stake)) return true;
      }
    }
    return false;
  }

  add(side: string, stake: number, member: number): void {
    let buckets = this.sides.get(side);
    if (!buckets) {
      buckets = new Map();
      this.sides.set(side, buckets);
    }
    const b = bucketOf(stake);
    const entries = buckets.get(b);
    if (entries) entries.push(stake, member);
    else buckets.set(b, [stake, member]);
  }
}

function bucketOf(stake: number): number {
  return Math.floor(Math.log(Math.max(stake, 1)) / BUCKET);
}
