/**
 * The default player alert rules every new company gets (the engine ships the same table in
 * `packages/engine/src/default-rules.ts`). The simulator keeps its normal population clearly below
 * level 1 of these and makes every planted anomaly cross level 1 decisively.
 */
export type PlayerEventType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface DefaultRule {
  eventType: PlayerEventType;
  name: string;
  windowMs: number;
  /** Level 1–3 values; a level holds when the measure passes it (`>` for ratio, `>=` otherwise). */
  levels: readonly [number, number, number];
  strict: boolean;
  minSample?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEFAULT_PLAYER_RULES: Record<PlayerEventType, DefaultRule> = {
  1: { eventType: 1, name: 'high ratio', windowMs: DAY, levels: [1.5, 2.5, 4], strict: true, minSample: 30 },
  2: { eventType: 2, name: 'high win streak', windowMs: DAY, levels: [12, 16, 20], strict: false },
  3: { eventType: 3, name: 'IP login', windowMs: HOUR, levels: [5, 10, 20], strict: false },
  4: { eventType: 4, name: 'register login', windowMs: DAY, levels: [5, 10, 20], strict: false },
  5: { eventType: 5, name: 'store', windowMs: DAY, levels: [10_000, 50_000, 200_000], strict: false },
  6: { eventType: 6, name: 'trade', windowMs: DAY, levels: [20_000, 100_000, 500_000], strict: false },
  7: { eventType: 7, name: 'event', windowMs: DAY, levels: [5_000, 20_000, 100_000], strict: false },
};

/** Opposing bets (a later issue): opposite sides, stakes within 10 %, ≥ 5 times a day between one pair. */
export const OPPOSING_RULE = { windowMs: DAY, stakeTolerance: 0.1, minRepeats: 5 } as const;

/** The level (0 = none) a measured value reaches under a default rule. */
export function levelOf(eventType: PlayerEventType, value: number): 0 | 1 | 2 | 3 {
  const rule = DEFAULT_PLAYER_RULES[eventType];
  let level: 0 | 1 | 2 | 3 = 0;
  rule.levels.forEach((threshold, i) => {
    if (rule.strict ? value > threshold : value >= threshold) level = (i + 1) as 1 | 2 | 3;
  });
  return level;
}

/**
 * What the normal population is held below, with margin: windows are the rules' own (sliding), and the
 * margins absorb differences in window edges (inclusive or exclusive ends) and sample counting.
 */
export const NORMAL_BOUNDS = {
  ratio: 1.35,
  ratioMinSample: 25,
  winStreak: 9,
  membersPerIp: 3,
  registrationsPerIpOrDevice: 3,
  topUp: 7_000,
  transfer: 14_000,
  bonus: 3_500,
  /** Opposite-side bets within this stake tolerance never happen between two normal members. */
  opposingStakeTolerance: 0.15,
} as const;

export { DAY, HOUR };
