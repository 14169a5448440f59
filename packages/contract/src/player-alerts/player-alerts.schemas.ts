import { z } from 'zod';
import { AlertType, ComparisonOperator, Level, ProcessStatus } from '../common/enums.schemas';
import { intListParam, listEnvelope, PageQuery, sortParam } from '../common/envelope.schemas';
import { MemberId } from '../common/identifiers.schemas';
import { MemberIdsFilter, Memo } from '../common/member-list.schemas';
import { ALERT_SORT_FIELDS } from './player-alerts';

/**
 * Player alerts (`/monitor/alert-events`): what the detectors raised, with the evidence behind each,
 * and their review (process status 0 pending → 1 processed, with who, when and a memo).
 */

export const SubjectKind = z.enum(['member', 'ip', 'device']);
export type SubjectKind = z.infer<typeof SubjectKind>;

/** An ISO 8601 time with offset, as query parameter or body field. */
export const Instant = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 time with offset, e.g. 2026-11-22T00:00:00+08:00');

/** One level an alert reached: a new alert has one; each escalation adds one (oldest first). */
export const LevelStep = z.object({
  Level,
  Value: z.number(),
  Threshold: z.number().nullable(),
  HappenedAt: z.string().describe('When the behaviour reached this level: the time of the newest event behind it'),
  DetectedAt: z.string().describe('When Pitboss detected it'),
});
export type LevelStep = z.infer<typeof LevelStep>;

export const AlertRecord = z.object({
  AlertID: z.number(),
  EventID: z.number().describe('The rule that raised it'),
  EventName: z.string().describe("The rule's name when the alert was raised"),
  EventType: AlertType,
  TypeName: z.string(),
  Level: Level,
  SubjectKind,
  MemberID: z.string().describe('The member; empty for an IP or device subject'),
  NickName: z.string().describe("The member's nick name, when known"),
  IP: z.string().describe('The IP for IP-login and register-login alerts; otherwise empty'),
  Device: z.string().describe('The device for register-login alerts by device; otherwise empty'),
  Value: z.number().describe('The measured value'),
  Threshold: z.number().nullable().describe('The level’s threshold; null for `any`'),
  Op: ComparisonOperator,
  Sample: z.number().describe('Events in the window'),
  MinSample: z.number(),
  WindowStart: z.string().describe('Start of the window (exclusive), ISO 8601'),
  WindowEnd: z.string().describe('End of the window: the time of the event that raised the alert'),
  Status: ProcessStatus,
  ProcessedBy: z.string().nullable(),
  ProcessedAt: z.string().nullable(),
  Memo: z.string(),
  CreateDate: z.string().describe('When the alert was stored (= DetectedAt)'),
  HappenedAt: z
    .string()
    .describe('When the behaviour happened: the time of the newest event behind the alert (= WindowEnd)'),
  DetectedAt: z.string().describe('When Pitboss detected the alert (first stored)'),
  LevelHistory: z
    .array(LevelStep)
    .describe('Every level the alert reached, oldest first: one incident is one alert, escalated as it grows'),
  Blacklisted: z.boolean().describe('The member is on the blacklist now'),
});
export type AlertRecord = z.infer<typeof AlertRecord>;

export const ListAlertsQuery = PageQuery.extend({
  Start: Instant.optional().describe(
    'Alerts whose behaviour happened (HappenedAt) at or after this; default 7 days ago',
  ),
  End: Instant.optional().describe('… and before this; default now'),
  EventTypes: intListParam()
    .refine((v) => !v || v.every((n) => n >= 1 && n <= 7), 'must be alert types 1 to 7')
    .describe('Alert types, e.g. `1,3`'),
  Levels: intListParam()
    .refine((v) => !v || v.every((n) => n >= 1 && n <= 3), 'must be levels 1 to 3')
    .describe('Levels, e.g. `2,3`'),
  Status: z.coerce.number().pipe(ProcessStatus).optional().describe('0 pending, 1 processed'),
  MemberIDs: MemberIdsFilter,
  IP: z.string().max(64).optional().describe('Only alerts on this IP'),
  EventIDs: intListParam().describe('Only alerts of these rules'),
  sort: sortParam(ALERT_SORT_FIELDS, 'CreateDate Desc'),
});

/** One event behind an alert, as stored (fields by type; absent ones omitted). */
export const EvidenceEvent = z.object({
  ID: z.string(),
  Type: z.enum(['bet', 'login', 'register', 'purchase', 'transfer', 'bonus']),
  At: z.string(),
  MemberID: z.string(),
  GameID: z.string().optional(),
  RoundID: z.string().optional(),
  Side: z.string().optional(),
  Stake: z.number().optional(),
  Payout: z.number().optional(),
  Currency: z.string().optional(),
  Amount: z.number().optional(),
  AmountBase: z.number().nullable().optional(),
  Direction: z.string().optional(),
  Points: z.number().optional(),
  IP: z.string().optional(),
  Device: z.string().optional(),
});
export type EvidenceEvent = z.infer<typeof EvidenceEvent>;

/** The member behind an alert and their recent activity, from the rollups. */
export const MemberActivity = z.object({
  MemberID: z.string(),
  NickName: z.string(),
  VIPLevel: z.number(),
  Account: z.string(),
  Mobile: z.string(),
  RegisterIP: z.string(),
  RegisteredAt: z.string().nullable(),
  FirstSeen: z.string().nullable(),
  LastSeen: z.string().nullable(),
  Days: z
    .array(
      z.object({
        Day: z.string().describe('YYYY-MM-DD in the company time zone'),
        Bets: z.number(),
        Stake: z.number(),
        Payout: z.number(),
        Wins: z.number(),
        TopUps: z.number(),
        TransfersIn: z.number(),
        TransfersOut: z.number(),
        BonusPoints: z.number(),
        Logins: z.number(),
      }),
    )
    .describe('The last 7 days up to the alert, amounts in base currency'),
  OtherAlerts: z.number().describe("The member's other alerts in the 30 days up to this alert (by event time)"),
});

export const AlertDetail = AlertRecord.extend({
  EventIDs: z.array(z.string()).describe('Ids of the events behind the value (newest up to 200, oldest first)'),
  EventCount: z.number().describe('How many events are behind the value in all'),
  Events: z.array(EvidenceEvent).describe('Those events as stored'),
  Member: MemberActivity.nullable().describe('Null for an IP or device subject'),
  Members: z.array(z.string()).describe('For IP and device subjects: the members behind the value'),
});
export type AlertDetail = z.infer<typeof AlertDetail>;

export const ProcessAlertsBody = z.object({
  AlertIDs: z
    .array(z.number().int().positive())
    .min(1, 'must hold at least one alert')
    .max(1000, 'must hold at most 1,000 alerts'),
  Memo: Memo.describe('What the reviewer found or did, at most 500 characters'),
});

export const BlacklistAndProcessBody = z.object({
  MemberIDs: z
    .array(MemberId)
    .min(1, 'must hold at least one member')
    .max(1000, 'must hold at most 1,000 members')
    .describe('Members of the alert to blacklist (its member, or members behind its IP or device)'),
  Memo: Memo.describe('Kept on the blacklist entries and as the review memo, at most 500 characters'),
});
export type BlacklistAndProcessBody = z.infer<typeof BlacklistAndProcessBody>;

/** The alert overview check tool (`/check-tool/alert`): who was alerted in a period, with what. */

/** `GET /api/v2/check-tool/alert-overview`: who was alerted in a period, with what. */
export const AlertOverviewRow = z.object({
  SubjectKind,
  MemberID: z.string(),
  NickName: z.string(),
  IP: z.string(),
  Device: z.string(),
  Alerts: z.number(),
  Pending: z.number(),
  MaxLevel: Level,
  ByType: z.record(z.string(), z.number()).describe('Alert count per alert type, keyed "1" to "7"'),
  FirstAt: z.string(),
  LastAt: z.string(),
});
export type AlertOverviewRow = z.infer<typeof AlertOverviewRow>;

export const AlertOverviewQuery = PageQuery.extend({
  Start: Instant.optional().describe(
    'Alerts whose behaviour happened (HappenedAt) at or after this; default 7 days ago',
  ),
  End: Instant.optional(),
  MemberIDs: MemberIdsFilter,
  EventTypes: ListAlertsQuery.shape.EventTypes,
  Levels: ListAlertsQuery.shape.Levels,
  sort: sortParam(['Alerts', 'LastAt', 'MaxLevel', 'MemberID'], 'Alerts Desc'),
});

/** The schemas of the endpoints of `player-alerts.api.ts`. */
export const playerAlertsIo = {
  listAlerts: { querystring: ListAlertsQuery, response: listEnvelope(AlertRecord) },
  getAlert: {
    params: z.object({ AlertID: z.coerce.number().int().positive() }),
    response: z.object({ status: z.number(), data: AlertDetail }),
  },
  processAlerts: {
    body: ProcessAlertsBody,
    response: z.object({ status: z.number(), Processed: z.array(z.number()) }),
  },
  blacklistAndProcessAlert: {
    params: z.object({ AlertID: z.coerce.number().int().positive() }),
    body: BlacklistAndProcessBody,
    response: z.object({
      status: z.number(),
      message: z.string(),
      Processed: z.array(z.number()),
      Added: z.array(z.string()).describe('Members put on the blacklist'),
      AlreadyListed: z.array(z.string()).describe('Members that were already on it'),
      BlockCallsQueued: z
        .number()
        .describe('Lock calls queued to the block APIs (0: nobody is locked on the platform)'),
    }),
  },
  getAlertOverview: { querystring: AlertOverviewQuery, response: listEnvelope(AlertOverviewRow) },
};
