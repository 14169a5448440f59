export { DEFAULT_GAME_RTP_RULES } from './default-game-rtp-rules';
export {
  compareBets,
  type GameRtpAlert,
  GameRtpDetector,
  type GameRtpResult,
  type RtpBet,
  type RtpGame,
} from './game-rtp-detector';
export { FIXED_RULE, type QualityGame, type QualityOutcome, roundsNeeded, scoreGame } from './quality';
export { normalQuantile, sequentialThreshold, windowStats } from './statistics';
