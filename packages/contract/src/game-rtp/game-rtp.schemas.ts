import { z } from 'zod';
import { LOOP_VALUE_MAX } from '../alert-rules/alert-rules';
import { CHECK_TOOL_MAX_DAYS } from '../check-tools/check-tools';
import { CheckDate } from '../check-tools/check-tools.schemas';
import { Ack } from '../common/ack.schemas';
import { Level, ProcessStatus, TimeUnit } from '../common/enums.schemas';
import { intListParam, listEnvelope, PageQuery, sortParam } from '../common/envelope.schemas';
import { Memo } from '../common/member-list.schemas';
import { Instant, LevelStep } from '../player-alerts/player-alerts.schemas';
import {
  ALL_GAME_TYPES,
  GAME_RTP_ALERT_SORT_FIELDS,
  GAME_RTP_BY_TIME_SORT_FIELDS,
  GAME_RTP_CONFIDENCE,
  GAME_RTP_DIRECTIONS,
  GAME_RTP_LOOP_VALUE_MAX,
  GAME_RTP_SCOPES,
  GAME_RTP_SEARCH_CONFIDENCE,
  GAME_RTP_SEARCH_SORT_FIELDS,
  GAME_RTP_TESTS,
} from './game-rtp';

/**
 * Game monitoring (issue 17, DESIGN §5 "Game RTP rules"). RTPs are fractions (0.965 = 96.5 %); bands are
 * RTP points (3 = 3 percentage points).
 */

/** A comma-separated (or repeated) list of strings; `*`, empty or absent mean "all" (undefined). */
export function stringListParam(maxItems = 1000) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (parts.length === 0 || parts.includes(ALL_GAME_TYPES)) return undefined;
      if (parts.length > maxItems) {
        ctx.addIssue({ code: 'custom', message: `must hold at most ${maxItems} entries` });
        return z.NEVER;
      }
      if (parts.some((p) => p.length > 128)) {
        ctx.addIssue({ code: 'custom', message: 'entries must be at most 128 characters' });
        return z.NEVER;
      }
      return [...new Set(parts)];
    });
}

export const Rtp = z.number().gt(0, 'must be above 0').max(2, 'must be at most 2 (200 %)');

// ───────────────────────────── the game catalogue ─────────────────────────────

export const MonitorGameTypeRow = z.object({
  GameType: z.string(),
  Games: z.number().describe('Games of this type'),
});
export type MonitorGameTypeRow = z.infer<typeof MonitorGameTypeRow>;

export const MonitorGameRow = z.object({
  GameID: z.string(),
  GameName: z.string(),
  GameType: z.string().describe('Empty while the game is known only from bets without a type'),
  Provider: z.string(),
  ExpectedRTP: z.number().nullable().describe('From master data; null when not known'),
  Rounds: z.number().describe("Today's rounds (company time zone)"),
  Turnover: z.number().describe("Today's stake in base currency"),
  Payout: z.number().describe("Today's payout in base currency"),
  ObservedRTP: z.number().nullable().describe("Today's payout ÷ stake; null without stake"),
});
export type MonitorGameRow = z.infer<typeof MonitorGameRow>;

export const MonitorGameQuery = z.object({
  GameTypes: stringListParam().describe('Game types separated by commas; `*` or nothing for all'),
});

// ───────────────────────────── rules ─────────────────────────────

export const GameRtpRuleLevel = z
  .object({
    Level: Level.describe('1 (lowest) to 3 (highest); the highest level that holds is raised'),
    Above: z
      .number()
      .positive('must be above 0')
      .max(100)
      .nullable()
      .describe('RTP points above the expectation that this level needs (players win too much); null: not watched'),
    Below: z
      .number()
      .positive('must be above 0')
      .max(100)
      .nullable()
      .describe('RTP points below the expectation that this level needs (the game pays too little); null: not watched'),
    Confidence: z
      .number()
      .min(GAME_RTP_CONFIDENCE.min)
      .max(GAME_RTP_CONFIDENCE.max)
      .describe('How sure the deviation must be, 0.5–0.9999 (one-sided)'),
  })
  .refine((level) => level.Above !== null || level.Below !== null, {
    path: ['Above'],
    message: 'a level needs a band above or below the expectation',
  });
export type GameRtpRuleLevel = z.infer<typeof GameRtpRuleLevel>;

export const GameRtpRuleFields = z.object({
  EventID: z.number().int().positive().describe('Rule id, unique within the company across every kind of rule'),
  EventName: z.string().trim().min(1).max(128),
  Scope: z.enum(GAME_RTP_SCOPES).describe('all games, the games of one type (`GameType`), or one game (`GameID`)'),
  GameType: z.string().trim().min(1).max(128).nullable().describe('The game type, for scope `type`'),
  GameID: z.string().trim().min(1).max(128).nullable().describe('The game, for scope `game`'),
  ExpectedRTP: Rtp.nullable().describe("Overrides the game's expected RTP from master data; null: use master data"),
  TimeUnit,
  LoopValue: z.number().int().min(1).max(GAME_RTP_LOOP_VALUE_MAX).describe('Window length in TimeUnits'),
  MinRounds: z.number().int().min(1).max(100_000_000).describe('Rounds the window must hold before any level'),
  Levels: z
    .array(GameRtpRuleLevel)
    .min(1, 'must hold at least one level')
    .max(3)
    .refine((levels) => new Set(levels.map((l) => l.Level)).size === levels.length, 'each level at most once'),
  Enabled: z.boolean(),
});

type RuleShape = {
  Scope: string;
  GameType: string | null;
  GameID: string | null;
  TimeUnit: TimeUnit;
  LoopValue: number;
};

function withRuleChecks<T extends z.ZodType<RuleShape>>(schema: T) {
  return schema
    .refine((rule) => rule.LoopValue <= LOOP_VALUE_MAX[rule.TimeUnit], {
      path: ['LoopValue'],
      message: 'the window must be at most one year (or 1000 minutes or hours)',
    })
    .refine((rule) => rule.Scope !== 'type' || rule.GameType !== null, {
      path: ['GameType'],
      message: 'a rule on a game type names the type',
    })
    .refine((rule) => rule.Scope !== 'game' || rule.GameID !== null, {
      path: ['GameID'],
      message: 'a rule on one game names the game',
    });
}

export const GameRtpRuleBody = withRuleChecks(GameRtpRuleFields.omit({ EventID: true }));
export type GameRtpRuleBody = z.infer<typeof GameRtpRuleBody>;

export const GameRtpRule = withRuleChecks(GameRtpRuleFields);
export type GameRtpRule = z.infer<typeof GameRtpRule>;

export const GameRtpRuleRecord = GameRtpRuleFields.extend({
  EventType: z.literal(8).describe('8: game RTP (notification settings)'),
  TypeName: z.string(),
  CreateDate: z.string(),
  UpdateDate: z.string(),
  UpdatedBy: z.string(),
});
export type GameRtpRuleRecord = z.infer<typeof GameRtpRuleRecord>;

export const GameRtpEventIdParams = z.object({ EventID: z.coerce.number().int().positive().describe('Rule id') });

// ───────────────────────────── alerts ─────────────────────────────

export const GameRtpAlertRecord = z.object({
  AlertID: z.number(),
  EventID: z.number().describe('The rule that raised it'),
  EventName: z.string().describe("The rule's name when the alert was raised"),
  Level,
  GameID: z.string(),
  GameName: z.string(),
  GameType: z.string(),
  Direction: z.enum(GAME_RTP_DIRECTIONS),
  Test: z.enum(GAME_RTP_TESTS).describe('window: the z-test over the window; sequential: the CUSUM'),
  ObservedRTP: z.number().describe('Payout ÷ stake over the window'),
  ExpectedRTP: z.number(),
  Deviation: z.number().describe('Observed − expected, in RTP points'),
  StdError: z.number().describe('Standard error of the observed RTP (from the observed variance), in RTP points'),
  ZScore: z.number().describe('Deviation ÷ standard error'),
  Cusum: z.number().describe('The sequential statistic (log-likelihood ratio) on the alert’s side'),
  Band: z.number().describe("The level's band on that side, in RTP points"),
  Confidence: z.number(),
  Rounds: z.number().describe('Bets in the window'),
  MinRounds: z.number(),
  Turnover: z.number().describe('Stake in the window, base currency'),
  Payout: z.number().describe('Payout in the window, base currency'),
  WindowStart: z.string().describe('Start of the window (exclusive)'),
  WindowEnd: z.string().describe('The time of the bet that raised it'),
  Status: ProcessStatus,
  ProcessedBy: z.string().nullable(),
  ProcessedAt: z.string().nullable(),
  Memo: z.string(),
  CreateDate: z.string(),
  HappenedAt: z.string().describe('= WindowEnd'),
  DetectedAt: z.string(),
  LevelHistory: z.array(LevelStep),
});
export type GameRtpAlertRecord = z.infer<typeof GameRtpAlertRecord>;

export const ListGameRtpAlertsQuery = PageQuery.extend({
  Start: Instant.optional().describe('Alerts that happened at or after this; default 7 days ago'),
  End: Instant.optional().describe('… and before this; default now'),
  GameIDs: stringListParam().describe('Games separated by commas'),
  GameTypes: stringListParam().describe('Game types separated by commas; `*` for all'),
  Levels: intListParam()
    .refine((v) => !v || v.every((n) => n >= 1 && n <= 3), 'must be levels 1 to 3')
    .describe('Levels, e.g. `2,3`'),
  Status: z.coerce.number().pipe(ProcessStatus).optional().describe('0 pending, 1 processed'),
  sort: sortParam(GAME_RTP_ALERT_SORT_FIELDS, 'CreateDate Desc'),
});

export const GameRtpPoint = z.object({
  At: z.string().describe('End of the hour (or of the window)'),
  Rounds: z.number().describe('Rounds from the window start up to this point'),
  ObservedRTP: z.number().nullable().describe('Cumulative RTP from the window start up to this point'),
});

export const GameRtpWin = z.object({
  ID: z.string(),
  MemberID: z.string(),
  At: z.string(),
  Stake: z.number(),
  Payout: z.number(),
  Currency: z.string(),
});

export const GameRtpAlertDetail = GameRtpAlertRecord.extend({
  Provider: z.string(),
  BandLow: z.number().describe('Expected RTP minus the band below (or the expectation when not watched)'),
  BandHigh: z.number().describe('Expected RTP plus the band above (or the expectation when not watched)'),
  Series: z.array(GameRtpPoint).describe("The game's cumulative RTP over the window, hour by hour"),
  TopWins: z.array(GameRtpWin).describe('The largest wins (payout − stake) in the window, at most 10'),
});
export type GameRtpAlertDetail = z.infer<typeof GameRtpAlertDetail>;

export const ProcessGameRtpAlertsBody = z.object({
  AlertIDs: z
    .array(z.number().int().positive())
    .min(1, 'must hold at least one alert')
    .max(1000, 'must hold at most 1,000 alerts'),
  Memo: Memo.describe('What the reviewer found or did, at most 500 characters'),
});

// ───────────────────────────── game RTP search ─────────────────────────────

/** A list of games or game types in a body: an array (or one string with commas); empty or `*` = all. */
function bodyList(description: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parts = (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter((v) => v !== '');
      if (parts.length === 0 || parts.includes(ALL_GAME_TYPES)) return undefined;
      if (parts.length > 1000) {
        ctx.addIssue({ code: 'custom', message: 'must hold at most 1000 entries' });
        return z.NEVER;
      }
      if (parts.some((p) => p.length > 128)) {
        ctx.addIssue({ code: 'custom', message: 'entries must be at most 128 characters' });
        return z.NEVER;
      }
      return [...new Set(parts)];
    })
    .describe(description);
}

const DAY_MS = 86_400_000;

/** End before Start, or a range over 366 days: a 400 naming the field. */
function searchRange(body: { Start: string; End: string }, ctx: z.RefinementCtx) {
  const start = Date.parse(`${body.Start}T00:00:00Z`);
  const end = Date.parse(`${body.End}T00:00:00Z`);
  if (start > end) ctx.addIssue({ code: 'custom', path: ['End'], message: 'must not be before Start' });
  else if ((end - start) / DAY_MS + 1 > CHECK_TOOL_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['Start'], message: `the range must be at most ${CHECK_TOOL_MAX_DAYS} days` });
  }
}

const searchShape = {
  Start: CheckDate.describe("First day of the range (company's time zone), YYYY-MM-DD"),
  End: CheckDate.describe('Last day of the range, included, YYYY-MM-DD'),
  Confidence: z
    .number()
    .min(GAME_RTP_CONFIDENCE.min)
    .max(GAME_RTP_CONFIDENCE.max)
    .default(GAME_RTP_SEARCH_CONFIDENCE)
    .describe('Confidence of the band around the observed RTP (two-sided), 0.5–0.9999, default 0.95'),
  PageNumber: z.number().int().min(1).default(1).describe('1-based page number'),
  PageSize: z.number().int().min(1).max(1000).default(25).describe('Rows per page, 1–1000 (default 25)'),
};

export const GameRtpSearchBody = z
  .object({
    ...searchShape,
    GameTypes: bodyList('Only games of these types; empty or `*` for all'),
    GameIDs: bodyList('Only these games; empty or `*` for all'),
    sort: sortParam(GAME_RTP_SEARCH_SORT_FIELDS, 'Turnover Desc'),
  })
  .superRefine(searchRange);

export const GameRtpByTimeBody = z
  .object({
    ...searchShape,
    GameID: z.string().trim().min(1).max(128).describe('The game'),
    Bucket: z.enum(['hour', 'day']).default('day').describe('day (company time zone) or hour (UTC hours)'),
    sort: sortParam(GAME_RTP_BY_TIME_SORT_FIELDS, 'Time Asc'),
  })
  .superRefine(searchRange);

/** The RTP figures of a game (or a bucket of it): observed against expected, with the deviation's significance. */
const RtpFigures = {
  Rounds: z.number(),
  Players: z.number().describe('Distinct members (over the range for a game, in the bucket for a bucket)'),
  Turnover: z.number().describe('Stakes in the base currency'),
  Payout: z.number().describe('Payouts in the base currency'),
  GGR: z.number().describe('Turnover − Payout'),
  Unconverted: z.number().describe('Bets no exchange rate covered (left out of the sums)'),
  ObservedRTP: z.number().nullable().describe('Payout ÷ Turnover; null without turnover'),
  ExpectedRTP: z.number().nullable().describe("The game's expected RTP (master data); null when not known"),
  Deviation: z.number().nullable().describe('Observed − expected, in RTP points'),
  StdError: z
    .number()
    .nullable()
    .describe(
      'Standard error of the observed RTP from the observed variance of the payout per unit staked, in RTP points',
    ),
  ZScore: z.number().nullable().describe('Deviation ÷ standard error'),
  BandLow: z.number().nullable().describe('Observed RTP minus the confidence half-width (a fraction)'),
  BandHigh: z.number().nullable().describe('Observed RTP plus the confidence half-width (a fraction)'),
  Significant: z
    .boolean()
    .describe('The expectation lies outside the band: the deviation is significant at the confidence'),
};

export const GameRtpSearchRow = z.object({
  GameID: z.string(),
  GameName: z.string(),
  GameType: z.string(),
  Provider: z.string(),
  ...RtpFigures,
});
export type GameRtpSearchRow = z.infer<typeof GameRtpSearchRow>;

export const GameRtpByTimeRow = z.object({
  Time: z.string().describe('A day YYYY-MM-DD, or the start of a UTC hour in ISO 8601'),
  ...RtpFigures,
});
export type GameRtpByTimeRow = z.infer<typeof GameRtpByTimeRow>;

/** The schemas of the endpoints of `game-rtp.api.ts`. */
export const gameRtpIo = {
  listMonitorGameTypes: { response: listEnvelope(MonitorGameTypeRow) },
  listMonitorGames: { querystring: MonitorGameQuery, response: listEnvelope(MonitorGameRow) },
  listGameRtpSettings: { response: listEnvelope(GameRtpRuleRecord) },
  createGameRtpSetting: {
    body: GameRtpRuleBody,
    response: z.object({ status: z.number(), data: GameRtpRuleRecord }),
  },
  updateGameRtpSetting: {
    params: GameRtpEventIdParams,
    body: GameRtpRuleBody,
    response: z.object({ status: z.number(), data: GameRtpRuleRecord }),
  },
  deleteGameRtpSetting: {
    params: GameRtpEventIdParams,
    response: Ack,
  },
  listGameRtpAlerts: { querystring: ListGameRtpAlertsQuery, response: listEnvelope(GameRtpAlertRecord) },
  getGameRtpAlert: {
    params: z.object({ AlertID: z.coerce.number().int().positive() }),
    response: z.object({ status: z.number(), data: GameRtpAlertDetail }),
  },
  processGameRtpAlerts: {
    body: ProcessGameRtpAlertsBody,
    response: z.object({ status: z.number(), Processed: z.array(z.number()) }),
  },
  searchGameRtp: { body: GameRtpSearchBody, response: listEnvelope(GameRtpSearchRow) },
  searchGameRtpByTime: { body: GameRtpByTimeBody, response: listEnvelope(GameRtpByTimeRow) },
};
