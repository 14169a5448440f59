import {
  type DEFAULT_PLAYER_RULES,
  levelOf,
  type NORMAL_BOUNDS,
  type OPPOSING_RULE,
  type PlayerEventType,
} from './thresholds';

/** The anomalies the simulator plants, one per detector of DESIGN §5. */
export const PLAYER_ANOMALY_KINDS = [
  'high-ratio',
  'win-streak',
  'shared-ip',
  'registration-farm',
  'heavy-top-up',
  'transfer-mule',
  'bonus-abuse',
] as const;
export type PlayerAnomalyKind = (typeof PLAYER_ANOMALY_KINDS)[number];
export const ANOMALY_KINDS = [...PLAYER_ANOMALY_KINDS, 'rtp-drift', 'opposing-bets'] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

/** The player alert type (spec "Alert type") each player anomaly must raise. */
export const EVENT_TYPE_OF: Record<PlayerAnomalyKind, PlayerEventType> = {
  'high-ratio': 1,
  'win-streak': 2,
  'shared-ip': 3,
  'registration-farm': 4,
  'heavy-top-up': 5,
  'transfer-mule': 6,
  'bonus-abuse': 7,
};

export type SubjectType = 'member' | 'ip' | 'device';

/**
 * One planted subject of a player alert type. An alert of `eventType` on `subject` raised between
 * `from` and `to` (inclusive: the events that make the measure cross are inside) is a true positive.
 * `value` is the peak of the rule's measure over its own sliding window, as the planted events made it;
 * `level` is the default rules' level of that peak.
 */
export interface PlayerAlertTruth {
  id: string;
  kind: PlayerAnomalyKind;
  eventType: PlayerEventType;
  subject: { type: SubjectType; value: string };
  /** The accounts involved (for IP and device subjects, every account behind it). */
  memberIds: string[];
  from: string;
  to: string;
  value: number;
  level: 0 | 1 | 2 | 3;
  /** False while the anomaly is still being played out at the end of the generated range. */
  complete: boolean;
}

/** A game whose return to player moved away from its expected RTP from `from` until `to`. */
export interface RtpDriftTruth {
  id: string;
  gameId: string;
  expectedRtp: number;
  driftedRtp: number;
  from: string;
  to: string;
  /** What the generated bets on the game returned while drifted. */
  bets: number;
  observedRtp: number;
  complete: boolean;
}

/** Two members who bet opposite sides of the same rounds with nearly equal stakes. */
export interface OpposingBetsTruth {
  id: string;
  memberIds: [string, string];
  gameId: string;
  roundIds: string[];
  /** Largest relative stake difference between the two bets of one round. */
  maxStakeDifference: number;
  from: string;
  to: string;
  complete: boolean;
}

export interface GroundTruth {
  seed: number;
  start: string;
  /** Events were generated up to here; anomalies started before it are listed. */
  until: string;
  rules: typeof DEFAULT_PLAYER_RULES;
  opposingRule: typeof OPPOSING_RULE;
  /** What normal members are held below, on the rules' own sliding windows. */
  normalBounds: typeof NORMAL_BOUNDS;
  players: PlayerAlertTruth[];
  rtpDrift: RtpDriftTruth[];
  opposingBets: OpposingBetsTruth[];
}

/** A planted player anomaly as the world plays it out. */
export class PlayerPlant {
  from = Number.NaN;
  to = Number.NaN;
  value = 0;
  complete = false;
  readonly memberIds: string[] = [];

  constructor(
    readonly id: string,
    readonly kind: PlayerAnomalyKind,
    readonly subjectType: SubjectType,
    public subject: string,
  ) {}

  /** Records an event of the anomaly at `time` and the measure it brought the subject to. */
  observe(time: number, value?: number): void {
    if (Number.isNaN(this.from)) this.from = time;
    this.to = time;
    if (value !== undefined && value > this.value) this.value = value;
  }

  toTruth(): PlayerAlertTruth {
    const eventType = EVENT_TYPE_OF[this.kind];
    return {
      id: this.id,
      kind: this.kind,
      eventType,
      subject: { type: this.subjectType, value: this.subject },
      memberIds: [...this.memberIds],
      from: new Date(this.from).toISOString(),
      to: new Date(this.to).toISOString(),
      value: Math.round(this.value * 10_000) / 10_000,
      level: levelOf(eventType, this.value),
      complete: this.complete,
    };
  }
}

export class DriftPlant {
  bets = 0;
  stake = 0;
  payout = 0;
  complete = false;

  constructor(
    readonly id: string,
    readonly gameIndex: number,
    readonly gameId: string,
    readonly expectedRtp: number,
    readonly driftedRtp: number,
    readonly from: number,
    readonly to: number,
  ) {}

  toTruth(): RtpDriftTruth {
    return {
      id: this.id,
      gameId: this.gameId,
      expectedRtp: this.expectedRtp,
      driftedRtp: this.driftedRtp,
      from: new Date(this.from).toISOString(),
      to: new Date(this.to).toISOString(),
      bets: this.bets,
      observedRtp: this.stake > 0 ? Math.round((this.payout / this.stake) * 10_000) / 10_000 : 0,
      complete: this.complete,
    };
  }
}

export class OpposingPlant {
  from = Number.NaN;
  to = Number.NaN;
  readonly roundIds: string[] = [];
  maxStakeDifference = 0;
  complete = false;

  constructor(
    readonly id: string,
    readonly memberIds: [string, string],
    readonly gameId: string,
  ) {}

  observe(time: number, roundId: string, stakeA: number, stakeB: number): void {
    if (Number.isNaN(this.from)) this.from = time;
    this.to = time;
    this.roundIds.push(roundId);
    const difference = Math.abs(stakeA - stakeB) / Math.max(stakeA, stakeB);
    if (difference > this.maxStakeDifference) this.maxStakeDifference = difference;
  }

  toTruth(): OpposingBetsTruth {
    return {
      id: this.id,
      memberIds: this.memberIds,
      gameId: this.gameId,
      roundIds: [...this.roundIds],
      maxStakeDifference: Math.round(this.maxStakeDifference * 10_000) / 10_000,
      from: new Date(this.from).toISOString(),
      to: new Date(this.to).toISOString(),
      complete: this.complete,
    };
  }
}
