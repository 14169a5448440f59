export { type DatasetOptions, type DatasetSummary, writeDataset } from './dataset';
export type { GameKind } from './games/catalogue';
export {
  ANOMALY_KINDS,
  type AnomalyKind,
  EVENT_TYPE_OF,
  type GroundTruth,
  type OpposingBetsTruth,
  PLAYER_ANOMALY_KINDS,
  type PlayerAlertTruth,
  type PlayerAnomalyKind,
  type RtpDriftTruth,
  type SubjectType,
} from './ground-truth';
export { createIngestClient, type IngestClient, type IngestClientOptions, IngestError } from './http';
export {
  createLaunderingStream,
  type LaunderingPlantTruth,
  type LaunderingQuality,
  type LaunderingStream,
  type LaunderingStreamOptions,
  type ScoredOpposingAlert,
  scoreLaunderingAlerts,
} from './laundering-stream';
export { type BackfillOptions, backfill, type LiveOptions, type LiveProgress, type PostBatch, runLive } from './live';
export type { ResolvedOptions, SimulationOptions } from './options';
export { type Measure, type OracleReport, runOracle } from './oracle';
export {
  createRtpStreams,
  paytableSigma,
  type RtpStreamBet,
  type RtpStreamGame,
  type RtpStreamOptions,
  type RtpStreams,
  VOLATILITY_CLASSES,
  type Volatility,
} from './rtp-streams';
export { serializeEvent } from './serialize';
export { createSimulation, type Simulation } from './simulation';
export {
  DEFAULT_PLAYER_RULES,
  type DefaultRule,
  levelOf,
  NORMAL_BOUNDS,
  OPPOSING_RULE,
  type PlayerEventType,
} from './thresholds';
