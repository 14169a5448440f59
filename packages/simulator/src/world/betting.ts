import type { GameSpec } from '../games/catalogue';
import { NORMAL_BOUNDS } from '../thresholds';
import { chipStake } from './behaviour';
import type { Member } from './member';
import type { Payouts, RoundBook } from './round-book';
import type { World } from './world';

/**
 * Placing a bet: the one path every bet takes, normal or planted. It applies the governor — a normal
 * member's bet that would carry a default-rule measure past its normal bound is not placed — then
 * records the bet in the member's windows and the round's book and emits it.
 */
export type BetResult = 'placed' | 'blocked' | 'conflict';

export interface BetSpec {
  member: Member;
  game: GameSpec;
  time: number;
  roundId: string;
  side?: string;
  /** Opposite of `side` for opposing-bet purposes, if it has one. */
  opposite?: string;
  book?: RoundBook;
  stake: number;
  /** Payout per unit of stake for this side and outcome. */
  multiplier: number;
  /** A member whose opposite bet is allowed (the partner of a planted opposing pair). */
  partner?: number;
}

/** Why the governor would refuse a bet of `stake` paying `payout` now, if it would. */
export function governorVerdict(
  member: Member,
  time: number,
  stake: number,
  payout: number,
): 'streak' | 'ratio' | undefined {
  const window = member.bets;
  window.evict(time);
  if (payout > stake && member.guards('win-streak') && member.streak + 1 > NORMAL_BOUNDS.winStreak) return 'streak';
  if (member.guards('high-ratio') && window.payout + payout >= ratioBound(window.count + 1) * (window.stake + stake)) {
    return 'ratio';
  }
  return undefined;
}

export function tryBet(world: World, bet: BetSpec): BetResult {
  const { member, time, stake } = bet;
  if (bet.book?.conflicts(bet.opposite, stake, member.index, bet.partner ?? -1)) return 'conflict';
  const payout = Math.round(stake * bet.multiplier);
  const verdict = governorVerdict(member, time, stake, payout);
  if (verdict === 'streak') world.stats.betsSkippedForStreak++;
  if (verdict === 'ratio') world.stats.betsSkippedForRatio++;
  if (verdict) return 'blocked';
  const won = payout > stake;
  member.bets.push(time, stake, payout);
  member.streak = won ? member.streak + 1 : 0;
  if (bet.side !== undefined) bet.book?.add(bet.side, stake, member.index);
  const drift = world.drifts[bet.game.index];
  if (drift && time >= drift.from && time < drift.to) {
    drift.bets++;
    drift.stake += stake;
    drift.payout += payout;
  }
  world.emitBet(time, member, bet.game, bet.roundId, bet.side, stake, payout);
  return 'placed';
}

/**
 * The highest payout ÷ stake a guarded member may reach with `n` bets in the window: the normal bound
 * from the rule's minimum sample on, and proportionally more below it, so that one losing bet of a
 * usual stake always brings the member back under the bound — a member is never stuck unable to bet.
 */
export function ratioBound(n: number): number {
  return NORMAL_BOUNDS.ratio * Math.max(1, NORMAL_BOUNDS.ratioMinSample / n);
}

/** Stake multipliers tried, in order, when a stake would face a near-equal bet on the opposite side. */
const STAKE_NUDGES = [1.25, 0.8, 1.5, 0.65, 2, 0.5] as const;

/**
 * A bet whose side and stake may move to avoid an opposing pair with another member: first the other
 * side of the pair (following the crowd), then nearby stakes. Returns the result and the side backed.
 */
export function tryFlexibleBet(
  world: World,
  bet: BetSpec,
  payouts: Payouts,
): { result: BetResult; side: string | undefined } {
  const first = tryBet(world, bet);
  const side = bet.side;
  if (first !== 'conflict' || side === undefined) return { result: first, side };
  world.stats.opposingConflictsAvoided++;
  const other = payouts.opposite[side];
  if (other !== undefined) {
    bet.side = other;
    bet.opposite = side;
    bet.multiplier = payouts.multiplier(other);
    const result = tryBet(world, bet);
    if (result !== 'conflict') return { result, side: other };
    bet.side = side;
    bet.opposite = other;
    bet.multiplier = payouts.multiplier(side);
  }
  const stake = bet.stake;
  for (const nudge of STAKE_NUDGES) {
    bet.stake = chipStake(stake * nudge);
    if (bet.stake === stake) continue;
    const result = tryBet(world, bet);
    if (result !== 'conflict') return { result, side };
  }
  bet.stake = stake;
  world.stats.betsSkippedForOpposing++;
  return { result: 'conflict', side };
}
