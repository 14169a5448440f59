import {
  DEFAULT_SIDE_PAIRS,
  LAUNDERING_DEFAULT_MIN_OPPOSED_SHARE,
  type LaunderingSettingBody,
  launderingWindowMs,
} from '@pitboss/contract';
import type { OpposingRule } from './types';

/**
 * The opposing-bet setting a new platform or aggregator company starts with: the usual pairs of opposite
 * sides on every game, stakes within 10 %, over one day, at least 80 % of the rounds the members shared
 * opposed and matched; level 1 at the third repeated round between the
 * same members, 2 at the sixth, 3 at the tenth.
 */
export const DEFAULT_LAUNDERING_SETTING: LaunderingSettingBody = {
  EventName: 'Opposing bets',
  SidePairs: DEFAULT_SIDE_PAIRS.map(([a, b]) => [a, b] as [string, string]),
  GameTypes: [],
  MinStake: 10,
  StakeTolerance: 10,
  MinOpposedShare: LAUNDERING_DEFAULT_MIN_OPPOSED_SHARE,
  TimeUnit: 'day',
  LoopValue: 1,
  Enabled: true,
  Levels: [
    { Level: 1, Rounds: 3, MatchedStake: 0, Op: 'or' },
    { Level: 2, Rounds: 6, MatchedStake: 0, Op: 'or' },
    { Level: 3, Rounds: 10, MatchedStake: 0, Op: 'or' },
  ],
};

/**
 * How far before a subject's first matched round in the window the rounds its members shared count
 * (within the window): honest regulars usually shared rounds before they first happened to oppose.
 */
export const SHARE_LOOKBACK_MS = 10 * 60_000;

/** A setting in engine terms. */
export function opposingRuleOf(eventId: number, setting: LaunderingSettingBody): OpposingRule {
  return {
    eventId,
    sidePairs: setting.SidePairs.map(([a, b]) => [a.toLowerCase(), b.toLowerCase()] as const),
    gameTypes: setting.GameTypes,
    minStake: setting.MinStake,
    tolerancePct: setting.StakeTolerance,
    windowMs: launderingWindowMs(setting.LoopValue, setting.TimeUnit),
    minSharePct: setting.MinOpposedShare,
    shareLookbackMs: SHARE_LOOKBACK_MS,
    levels: setting.Levels.map((l) => ({ level: l.Level, rounds: l.Rounds, matchedStake: l.MatchedStake, op: l.Op })),
  };
}
