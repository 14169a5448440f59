export * from './default-rules';
export { type BatchResult, Engine, type EngineMeta, type EngineSnapshot, MissingStateError } from './engine';
export { ExactSum, exactSum } from './exact-sum';
export * from './game-rtp';
export { holds, levelOf } from './levels';
export { DEFAULT_LAUNDERING_SETTING, opposingRuleOf } from './opposing-bets/default-setting';
export {
  OpposingBetDetector,
  type OpposingDetectorOptions,
  type OpposingDetectorStats,
} from './opposing-bets/detector';
export {
  levelFor as opposingLevelFor,
  matchRound,
  oppositeSides,
  roundKeyOf,
  within as stakesWithin,
} from './opposing-bets/match';
export type * from './opposing-bets/types';
export { parseStateKey, stateKey } from './state-key';
export type { SubjectSnapshot } from './subject-state';
export { type EngineEventSource, toEngineEvent } from './to-engine-event';
export * from './types';
export { createWhitelist } from './whitelist';
export { windowStart } from './windows';
