export * from './default-rules';
export { type BatchResult, Engine, type EngineMeta, type EngineSnapshot, MissingStateError, stateKey } from './engine';
export { ExactSum, exactSum } from './exact-sum';
export { holds, levelOf } from './levels';
export type { SubjectSnapshot } from './subject-state';
export { toEngineEvent } from './to-engine-event';
export * from './types';
export { canonicalIp, createWhitelist } from './whitelist';
export { windowStart } from './windows';
