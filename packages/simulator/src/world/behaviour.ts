import type { GameKind } from '../games/catalogue';

/**
 * Kinds of normal members and how each plays. Money is in cents of the simulation's currency; the
 * amounts are sized for the default rule thresholds read in the company's base currency.
 */
export type NormalKind = 'casual' | 'vip' | 'bonus-hunter';

export interface KindProfile {
  share: number;
  /** Median and log-sd of the member's activity weight (how often they start a session). */
  weight: readonly [number, number];
  vipLevels: readonly [number, number];
  /** Median and log-sd of the member's usual table stake, in cents. */
  stake: readonly [number, number];
  prefs: Readonly<Record<GameKind, number>>;
  /** Chance a session starts with a top-up, and its median amount in cents. */
  topUp: readonly [number, number];
  /** Chance a session includes a promotion bonus claim. */
  promo: number;
  /** Chance a session ends with a transfer, and its median amount in cents. */
  transfer: readonly [number, number];
}

export const KIND_PROFILES: Record<NormalKind, KindProfile> = {
  casual: {
    share: 0.7,
    weight: [1, 0.8],
    vipLevels: [0, 3],
    stake: [800, 0.7],
    prefs: { slot: 0.55, baccarat: 0.2, 'sic-bo': 0.07, roulette: 0.05, 'dragon-tiger': 0.05, football: 0.08 },
    topUp: [0.3, 3_000],
    promo: 0.1,
    transfer: [0.12, 2_000],
  },
  vip: {
    share: 0.08,
    weight: [2.5, 0.6],
    vipLevels: [4, 9],
    stake: [10_000, 0.8],
    prefs: { slot: 0.12, baccarat: 0.5, 'sic-bo': 0.1, roulette: 0.08, 'dragon-tiger': 0.08, football: 0.12 },
    topUp: [0.25, 40_000],
    promo: 0.15,
    transfer: [0.15, 30_000],
  },
  'bonus-hunter': {
    share: 0.22,
    weight: [0.8, 0.7],
    vipLevels: [0, 2],
    stake: [400, 0.6],
    prefs: { slot: 0.8, baccarat: 0.1, 'sic-bo': 0, roulette: 0.05, 'dragon-tiger': 0, football: 0.05 },
    topUp: [0.45, 2_000],
    promo: 0.8,
    transfer: [0.05, 1_000],
  },
};

/** Mean bets of a session per game kind (used to size the arrival rate before calibration). */
export const SESSION_BETS: Record<GameKind, number> = {
  slot: 17,
  baccarat: 7,
  'sic-bo': 7,
  roulette: 7,
  'dragon-tiger': 7,
  football: 2,
};

/** Slot bet levels in cents. */
export const SLOT_LEVELS = [20, 40, 60, 100, 200, 300, 500, 1_000, 2_000, 5_000, 10_000] as const;

/** Rounds a stake to what a chip stack or a bet slip would show, in cents. */
export function chipStake(cents: number): number {
  const dollars = cents / 100;
  let rounded: number;
  if (dollars < 10) rounded = Math.max(1, Math.round(dollars));
  else if (dollars < 100) rounded = Math.round(dollars / 5) * 5;
  else if (dollars < 1_000) rounded = Math.round(dollars / 10) * 10;
  else rounded = Math.round(dollars / 100) * 100;
  return rounded * 100;
}

export function slotLevel(cents: number): number {
  let best: number = SLOT_LEVELS[0];
  for (const level of SLOT_LEVELS) if (Math.abs(level - cents) < Math.abs(best - cents)) best = level;
  return best;
}
