import { z } from 'zod';
import { Ack } from '../common/ack.schemas';
import { Level, ProcessStatus } from '../common/enums.schemas';
import { intListParam, listEnvelope, PageQuery, sortParam } from '../common/envelope.schemas';
import { MemberIdsFilter, Memo } from '../common/member-list.schemas';
import { Instant, LevelStep } from '../player-alerts/player-alerts.schemas';
import {
  LAUNDERING_ALERT_SORT_FIELDS,
  LAUNDERING_DEFAULT_MIN_OPPOSED_SHARE,
  LAUNDERING_LEVEL_OPS,
  LAUNDERING_TIME_UNITS,
  LAUNDERING_WINDOW_MAX_MS,
  launderingWindowMs,
} from './laundering';

/**
 * Opposing bets (DESIGN §5): bets on opposite sides of the same game round by different members, with
 * stakes within a tolerance, repeated between the same members within the window.
 */

const Side = z.string().trim().toLowerCase().min(1, 'must not be empty').max(32);

export const SidePair = z
  .tuple([Side, Side])
  .refine(([a, b]) => a !== b, 'the two sides must differ')
  .describe('Two opposite sides, e.g. ["banker", "player"]');
export type SidePair = z.infer<typeof SidePair>;

export const LaunderingTimeUnit = z.enum(LAUNDERING_TIME_UNITS);
export type LaunderingTimeUnit = z.infer<typeof LaunderingTimeUnit>;

export const LaunderingLevel = z.object({
  Level: Level.describe('1 (lowest) to 3 (highest)'),
  Rounds: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .describe('Matched rounds between the same members in the window; 0 = not used'),
  MatchedStake: z.number().finite().min(0).describe('Matched stake in base currency in the window; 0 = not used'),
  Op: z.enum(LAUNDERING_LEVEL_OPS).describe('`or`: either condition raises it; `and`: both must hold'),
});
export type LaunderingLevel = z.infer<typeof LaunderingLevel>;

export const LaunderingSettingFields = z.object({
  EventID: z.number().int().positive().describe('Rule id, unique within the company across every alert kind'),
  EventName: z.string().trim().min(1).max(128),
  SidePairs: z
    .array(SidePair)
    .min(1, 'must hold at least one pair')
    .max(100)
    .describe('Pairs of opposite sides (sides compared case-insensitively)'),
  GameTypes: z.array(z.string().trim().min(1).max(32)).max(100).describe('Game types included; empty = every game'),
  MinStake: z.number().finite().min(0).describe('Bets below this stake (base currency) are left out'),
  StakeTolerance: z
    .number()
    .finite()
    .min(0)
    .max(100)
    .describe('Percent: two stakes match when they differ by at most this share of the larger'),
  MinOpposedShare: z
    .number()
    .finite()
    .min(0)
    .max(100)
    .default(LAUNDERING_DEFAULT_MIN_OPPOSED_SHARE)
    .describe(
      'Percent: a level is raised only when the matched rounds are at least this share of the rounds the members shared in the window (from its first matched round; a ring: the rounds its hub played)',
    ),
  TimeUnit: LaunderingTimeUnit,
  LoopValue: z.number().int().min(1).max(1000).describe('Window length in TimeUnits (at most 31 days)'),
  Enabled: z.boolean(),
  Levels: z
    .array(LaunderingLevel)
    .min(1, 'must hold at least one level')
    .max(3)
    .refine((levels) => new Set(levels.map((l) => l.Level)).size === levels.length, 'each level at most once')
    .refine((levels) => levels.every((l) => l.Rounds > 0 || l.MatchedStake > 0), 'every level needs a condition'),
});

function withChecks<T extends z.ZodType<{ TimeUnit: z.infer<typeof LaunderingTimeUnit>; LoopValue: number }>>(
  schema: T,
) {
  return schema.refine((s) => launderingWindowMs(s.LoopValue, s.TimeUnit) <= LAUNDERING_WINDOW_MAX_MS, {
    path: ['LoopValue'],
    message: 'the window must be at most 31 days',
  });
}

export const LaunderingSetting = withChecks(LaunderingSettingFields);
export type LaunderingSetting = z.infer<typeof LaunderingSetting>;

export const LaunderingSettingBody = withChecks(LaunderingSettingFields.omit({ EventID: true }));
export type LaunderingSettingBody = z.infer<typeof LaunderingSettingBody>;

export const LaunderingSettingRecord = LaunderingSettingFields.extend({
  CreateDate: z.string(),
  UpdateDate: z.string(),
  UpdatedBy: z.string(),
});
export type LaunderingSettingRecord = z.infer<typeof LaunderingSettingRecord>;

export const LaunderingEventIdParams = z.object({ EventID: z.coerce.number().int().positive() });

/** `pair`: two members; `ring`: one member (`Hub`) against several accounts splitting the other side. */
export const LaunderingGroupKind = z.enum(['pair', 'ring']);

export const LaunderingAlertRecord = z.object({
  AlertID: z.number(),
  EventID: z.number(),
  EventName: z.string(),
  Level,
  GroupKind: LaunderingGroupKind,
  MemberIDs: z.array(z.string()).describe('The members, sorted; for a ring the hub first'),
  Hub: z.string().describe('For a ring: the member against several accounts; empty for a pair'),
  Rounds: z.number().describe('Matched rounds in the window when raised'),
  MatchedStake: z.number().describe('Matched stake in the window when raised (base currency)'),
  NetMoved: z.number().describe('Net amount that moved between the members in the window (base currency)'),
  WindowStart: z.string(),
  WindowEnd: z.string(),
  Status: ProcessStatus,
  ProcessedBy: z.string().nullable(),
  ProcessedAt: z.string().nullable(),
  Memo: z.string(),
  CreateDate: z.string(),
  HappenedAt: z.string().describe('The newest matched round behind the alert'),
  DetectedAt: z.string(),
  LevelHistory: z.array(LevelStep),
});
export type LaunderingAlertRecord = z.infer<typeof LaunderingAlertRecord>;

export const ListLaunderingAlertsQuery = PageQuery.extend({
  Start: Instant.optional().describe('Alerts that happened at or after this; default 7 days ago'),
  End: Instant.optional().describe('… and before this; default now'),
  MemberIDs: MemberIdsFilter,
  Levels: intListParam()
    .refine((v) => !v || v.every((n) => n >= 1 && n <= 3), 'must be levels 1 to 3')
    .describe('Levels, e.g. `2,3`'),
  Status: z.coerce.number().pipe(ProcessStatus).optional(),
  sort: sortParam(LAUNDERING_ALERT_SORT_FIELDS, 'HappenedAt Desc'),
});

export const MatchedBet = z.object({
  ID: z.string(),
  MemberID: z.string(),
  Side: z.string(),
  Stake: z.number().describe('Base currency'),
  Payout: z.number().describe('Base currency'),
  At: z.string(),
});

export const MatchedRound = z.object({
  GameID: z.string(),
  RoundID: z.string(),
  At: z.string(),
  Bets: z.array(MatchedBet),
  Net: z
    .array(z.object({ MemberID: z.string(), Amount: z.number() }))
    .describe('What each member won (+) or lost (−) in the round: the money that moved'),
});

export const SharedLink = z.object({
  Kind: z.enum(['ip', 'device']),
  Value: z.string(),
  MemberIDs: z.array(z.string()),
});

export const LaunderingAlertDetail = LaunderingAlertRecord.extend({
  MatchedRounds: z.array(MatchedRound).describe('Every matched round in the window, oldest first'),
  TotalMoved: z.number().describe('The sum over the rounds of what the winners won from the others'),
  Shared: z.array(SharedLink).describe('IPs and devices used by more than one of the members (logins, registrations)'),
  Bonus: z
    .array(z.object({ MemberID: z.string(), BonusPoints: z.number(), HedgedShare: z.number().nullable() }))
    .describe(
      'Bonus points each member received in the window, and the share of their turnover since then from hedged rounds',
    ),
});
export type LaunderingAlertDetail = z.infer<typeof LaunderingAlertDetail>;

export const ProcessLaunderingAlertsBody = z.object({
  AlertIDs: z.array(z.number().int().positive()).min(1, 'must hold at least one alert').max(1000),
  Memo,
});

export const LaunderingSearchQuery = z.object({
  MemberIDs: MemberIdsFilter.refine((v) => v !== undefined && v.length > 0, 'must name at least one member'),
  Start: Instant.optional().describe('Default 7 days ago'),
  End: Instant.optional().describe('Default now'),
});

export const LaunderingCounterpart = z.object({
  MemberID: z.string().describe('The member searched for'),
  Counterpart: z.string(),
  Rounds: z.number(),
  MatchedStake: z.number().describe('Sum over the rounds of the smaller of the two stakes (base currency)'),
  NetFlow: z.number().describe('What the member won from the counterpart (+) or lost to them (−)'),
  Direction: z.enum(['in', 'out', 'even']).describe('`in`: money moved to the member; `out`: to the counterpart'),
  SharedIP: z.boolean(),
  SharedDevice: z.boolean(),
  FirstAt: z.string(),
  LastAt: z.string(),
  RoundList: z.array(MatchedRound).describe('The rounds (newest up to 200)'),
});
export type LaunderingCounterpart = z.infer<typeof LaunderingCounterpart>;

const Saved = z.object({ status: z.number(), data: LaunderingSettingRecord });

/** The schemas of the endpoints of `laundering.api.ts`. */
export const launderingIo = {
  listLaunderingSettings: { response: listEnvelope(LaunderingSettingRecord) },
  createLaunderingSetting: { body: LaunderingSettingBody, response: Saved },
  updateLaunderingSetting: { params: LaunderingEventIdParams, body: LaunderingSettingBody, response: Saved },
  deleteLaunderingSetting: { params: LaunderingEventIdParams, response: Ack },
  listLaunderingAlerts: { querystring: ListLaunderingAlertsQuery, response: listEnvelope(LaunderingAlertRecord) },
  getLaunderingAlert: {
    params: z.object({ AlertID: z.coerce.number().int().positive() }),
    response: z.object({ status: z.number(), data: LaunderingAlertDetail }),
  },
  processLaunderingAlerts: {
    body: ProcessLaunderingAlertsBody,
    response: z.object({ status: z.number(), Processed: z.array(z.number()) }),
  },
  searchLaundering: { querystring: LaunderingSearchQuery, response: listEnvelope(LaunderingCounterpart) },
};
