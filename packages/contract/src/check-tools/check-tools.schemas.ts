import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  EVENT_DETAIL_PAGE_SIZE,
  GAME_BY_TIME_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MEMBER_ID_NONE,
  VT_CHECK_DEFAULT,
  WILDCARD,
} from '../common/constants';
import { listEnvelope, sortParam } from '../common/envelope.schemas';
import { MEMBER_ID_MAX_LENGTH, splitIds } from '../common/identifiers';
import {
  BY_TIME_SORT_FIELDS,
  CHECK_EXPORT_FORMATS,
  CHECK_TOOL_MAX_DAYS,
  CHECK_TOOL_MAX_MEMBER_IDS,
  EVENT_DETAIL_SORT_FIELDS,
  EVENT_SORT_FIELDS,
  EVENT_V2_SORT_FIELDS,
  EVENT_VT_SORT_FIELDS,
  GAME_SORT_FIELDS,
  LOGIN_SORT_FIELDS,
  MEMBER_SORT_FIELDS,
  OTHER_SORT_FIELDS,
  OVERVIEW_SORT_FIELDS,
  PURCHASE_SORT_FIELDS,
  ROUND_SORT_FIELDS,
  TIME_BUCKETS,
  TRADE_SORT_FIELDS,
  WINLOSE_MEMBER_SORT_FIELDS,
} from './check-tools';

/**
 * The check tools' bodies and rows (spec §7 "Check tool"). Every POST body has Start and End (calendar
 * dates of the company's time zone, both included), MemberIDs, NickName, PageNumber and PageSize; each
 * call adds its own filters and a sort. Amounts are in the company's base currency (`*Base`, or named
 * plainly in totals); rows of single events also carry the amount and currency as sent.
 */

const DAY_MS = 86_400_000;

/** A calendar date `YYYY-MM-DD` of the company's time zone. */
export const CheckDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => {
    const ms = Date.parse(`${v}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === v;
  }, 'must be a real calendar date')
  .describe("A calendar date YYYY-MM-DD in the company's time zone");

/** `MemberIDs`: an array, or IDs separated by commas, spaces or new lines; empty, `*` or `-1` mean all. */
export const CheckMemberIds = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const ids = splitIds((Array.isArray(value) ? value.map(String) : [value]).join(','));
    if (ids.length === 0 || ids.every((id) => id === WILDCARD || id === MEMBER_ID_NONE)) return undefined;
    if (ids.length > CHECK_TOOL_MAX_MEMBER_IDS) {
      ctx.addIssue({ code: 'custom', message: `must hold at most ${CHECK_TOOL_MAX_MEMBER_IDS} IDs` });
      return z.NEVER;
    }
    if (ids.some((id) => id.length > MEMBER_ID_MAX_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: `every ID must be at most ${MEMBER_ID_MAX_LENGTH} characters` });
      return z.NEVER;
    }
    return ids;
  })
  .describe(`Member IDs (at most ${CHECK_TOOL_MAX_MEMBER_IDS}); empty, * or -1 for all`);

/** An optional text filter; blank, `*` or absent means none. */
function textFilter(description: string, max = 64) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v && v !== WILDCARD ? v : undefined))
    .describe(description);
}

function pageSize(fallback: number, max: number) {
  return z
    .number()
    .int()
    .min(1)
    .max(max, `must be at most ${max.toLocaleString('en-US')}`)
    .default(fallback)
    .describe(`Rows per page, 1–${max} (default ${fallback})`);
}

const commonShape = {
  Start: CheckDate.describe("First day of the range (company's time zone), YYYY-MM-DD"),
  End: CheckDate.describe('Last day of the range, included, YYYY-MM-DD'),
  MemberIDs: CheckMemberIds,
  NickName: textFilter('Only members whose nick name contains this (case-insensitive)'),
  PageNumber: z.number().int().min(1).default(1).describe('1-based page number'),
  PageSize: pageSize(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  Export: z
    .enum(CHECK_EXPORT_FORMATS)
    .optional()
    .describe(
      'csv or xlsx: the answer is the whole result (every page, in the sort) as a file, streamed, instead of the list envelope',
    ),
};

/** Start after End, or a range over 366 days: a 400 naming the field. */
function checkRange(body: { Start?: unknown; End?: unknown }, ctx: z.RefinementCtx) {
  const start = Date.parse(`${String(body.Start)}T00:00:00Z`);
  const end = Date.parse(`${String(body.End)}T00:00:00Z`);
  if (!(Number.isFinite(start) && Number.isFinite(end))) return;
  if (start > end) ctx.addIssue({ code: 'custom', path: ['End'], message: 'must not be before Start' });
  else if ((end - start) / DAY_MS + 1 > CHECK_TOOL_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['Start'], message: `the range must be at most ${CHECK_TOOL_MAX_DAYS} days` });
  }
}

/** A check-tool body: the common fields, `extra`, and the range checked. */
function checkBody<S extends z.ZodRawShape>(extra: S) {
  return z.object({ ...commonShape, ...extra }).superRefine(checkRange);
}

const GameIds = z
  .array(z.string().min(1).max(128))
  .max(1000)
  .optional()
  .transform((v) => (v && v.length > 0 && !v.includes(WILDCARD) ? v : undefined))
  .describe('Only these games; empty or * for all');

const Bucket = z.enum(TIME_BUCKETS).default('day').describe('hour or day (days of the company time zone)');

// ─── bodies ──────────────────────────────────────────────────────────────────────────────────────────

export const MemberSearchBody = checkBody({
  Mobile: textFilter('Only members whose mobile contains this', 32),
  Account: textFilter('Only members whose account contains this'),
  sort: sortParam(MEMBER_SORT_FIELDS, 'MemberID Asc'),
});
export const OverviewBody = checkBody({
  Mobile: textFilter('Only members whose mobile contains this', 32),
  Account: textFilter('Only members whose account contains this'),
  sort: sortParam(OVERVIEW_SORT_FIELDS, 'Bet Desc'),
});
export const ToolWinLoseBody = checkBody({
  GameIDs: GameIds,
  GameType: textFilter('Only games of this type'),
  sort: sortParam(GAME_SORT_FIELDS, 'Bet Desc'),
});
export const EventBody = checkBody({
  Category: textFilter('Only this bonus category', 64),
  EventName: textFilter('Only this event name', 128),
  sort: sortParam(EVENT_SORT_FIELDS, 'Points Desc'),
});
export const EventV2Body = checkBody({
  Category: textFilter('Only this bonus category', 64),
  EventName: textFilter('Only this event name', 128),
  sort: sortParam(EVENT_V2_SORT_FIELDS, 'Points Desc'),
});
export const EventDetailBody = checkBody({
  PageSize: pageSize(EVENT_DETAIL_PAGE_SIZE, EVENT_DETAIL_PAGE_SIZE),
  Category: textFilter('Only this bonus category', 64),
  EventName: textFilter('Only this event name', 128),
  sort: sortParam(EVENT_DETAIL_SORT_FIELDS, 'CreateDate Desc'),
});
export const EventVtBody = checkBody({
  VTCheck: z
    .number()
    .min(0)
    .max(1000)
    .default(VT_CHECK_DEFAULT)
    .describe('Turnover multiple a bonus must be followed by (default 2)'),
  sort: sortParam(EVENT_VT_SORT_FIELDS, 'CreateDate Desc'),
});
export const LinkedAccountsBody = checkBody({
  Hops: z
    .union([z.literal(1), z.literal(2)])
    .default(2)
    .describe('1: members sharing an IP or device with the member; 2: and theirs'),
  sort: sortParam(OTHER_SORT_FIELDS, 'Strength Desc'),
});
export const PurchaseBody = checkBody({
  Platform: textFilter('Only this platform'),
  PaymentName: textFilter('Only this payment name'),
  Category: textFilter('Only this category'),
  sort: sortParam(PURCHASE_SORT_FIELDS, 'CreateDate Desc'),
});
export const TradeBody = checkBody({
  Direction: z.enum(['in', 'out']).optional().describe('in, out, or absent for both'),
  CounterpartyID: textFilter('Only transfers with this counterparty', 128),
  sort: sortParam(TRADE_SORT_FIELDS, 'CreateDate Desc'),
});
export const MemberByTimeBody = checkBody({
  Bucket,
  sort: sortParam(BY_TIME_SORT_FIELDS, 'Time Desc'),
});
export const GameByTimeBody = checkBody({
  PageSize: pageSize(GAME_BY_TIME_PAGE_SIZE, MAX_PAGE_SIZE),
  GameID: z.string().min(1).max(128).describe('The game'),
  Bucket,
  sort: sortParam(BY_TIME_SORT_FIELDS, 'Time Desc'),
});
export const WinLoseSortBody = checkBody({
  GameIDs: GameIds,
  sort: sortParam(WINLOSE_MEMBER_SORT_FIELDS, 'Bet Desc'),
});
export const WinLoseMemberDetailBody = checkBody({
  GameIDs: GameIds,
  sort: sortParam(ROUND_SORT_FIELDS, 'CreateDate Desc'),
});
export const MemberLoginsBody = checkBody({
  IP: textFilter('Only logins from this IP', 64),
  Device: textFilter('Only logins from this device', 128),
  sort: sortParam(LOGIN_SORT_FIELDS, 'CreateDate Desc'),
});

// ─── rows ────────────────────────────────────────────────────────────────────────────────────────────

const Money = (d: string) => z.number().describe(d);

/** What every money figure over a range has: base-currency sums and the events no rate covered. */
const Play = {
  Bets: z.number().describe('Bets (one per stake placed)'),
  Bet: Money('Turnover: stakes in the base currency'),
  Payout: Money('Payouts in the base currency'),
  WinLose: Money("The members' result: Payout − Bet (the house's GGR is its negative)"),
  RTP: z.number().nullable().describe('Payout ÷ Bet; null without turnover'),
  Unconverted: z.number().describe('Bets no exchange rate covered (left out of the base sums)'),
};

export const MemberRow = z.object({
  MemberID: z.string(),
  NickName: z.string(),
  Account: z.string(),
  Mobile: z.string(),
  VIPLevel: z.number(),
  RegisterIP: z.string(),
  RegisterDevice: z.string(),
  RegisteredAt: z.string().nullable(),
  FirstSeen: z.string(),
  LastSeen: z.string(),
});
export type CheckMemberRow = z.infer<typeof MemberRow>;

export const OverviewRow = MemberRow.extend({
  ...Play,
  Rounds: z.number().describe('Bets placed (rounds played)'),
  TopUps: z.number(),
  TopUp: Money('Top-ups in the base currency'),
  TransfersIn: z.number(),
  TransferIn: Money('Transfers in, base currency'),
  TransfersOut: z.number(),
  TransferOut: Money('Transfers out, base currency'),
  Bonuses: z.number(),
  BonusPoints: z.number(),
  Logins: z.number(),
  FailedLogins: z.number(),
  LastLogin: z.string().nullable().describe('The newest login at any time'),
  LastLoginIP: z.string(),
  LastLoginDevice: z.string(),
  Lists: z.array(z.enum(['BlackList', 'WhiteList'])).describe('Lists the member is on now'),
  OpenAlerts: z.number().describe('Pending player alerts on the member'),
});
export type OverviewRow = z.infer<typeof OverviewRow>;

export const GameRow = z.object({
  GameID: z.string(),
  GameName: z.string(),
  GameType: z.string(),
  Rounds: z.number(),
  Players: z.number().describe('Distinct members over the range'),
  ...Play,
  GGR: Money('Gross gaming revenue: Bet − Payout'),
});
export type GameRow = z.infer<typeof GameRow>;

export const WinLoseMemberRow = z.object({
  MemberID: z.string(),
  NickName: z.string(),
  Games: z.number().describe('Distinct games played'),
  ...Play,
});
export type WinLoseMemberRow = z.infer<typeof WinLoseMemberRow>;

export const ByTimeRow = z.object({
  Time: z.string().describe('Start of the bucket: a day YYYY-MM-DD, or an hour as ISO 8601'),
  Rounds: z.number(),
  Players: z.number().nullable().describe('Distinct members in the bucket (game-by-time)'),
  ...Play,
});
export type ByTimeRow = z.infer<typeof ByTimeRow>;

export const RoundRow = z.object({
  ID: z.string(),
  RoundID: z.string(),
  GameID: z.string(),
  GameName: z.string(),
  MemberID: z.string(),
  Side: z.string(),
  Stake: z.number().describe('As sent'),
  Payout: z.number().describe('As sent'),
  Currency: z.string(),
  StakeBase: z.number().nullable(),
  PayoutBase: z.number().nullable(),
  WinLose: z.number().nullable().describe('PayoutBase − StakeBase'),
  CreateDate: z.string(),
});
export type RoundRow = z.infer<typeof RoundRow>;

export const EventMemberRow = z.object({
  MemberID: z.string(),
  NickName: z.string(),
  Count: z.number(),
  Points: z.number(),
});
export const EventCategoryRow = z.object({
  Category: z.string(),
  EventName: z.string(),
  Count: z.number(),
  Members: z.number(),
  Points: z.number(),
});
export const EventDetailRow = z.object({
  ID: z.string(),
  MemberID: z.string(),
  NickName: z.string(),
  Category: z.string(),
  EventName: z.string(),
  Points: z.number(),
  CreateDate: z.string(),
});
export type EventDetailRow = z.infer<typeof EventDetailRow>;

export const EventVtRow = EventDetailRow.extend({
  Turnover: Money('Stakes (base currency) from this bonus until the next one or the end of the range'),
  Required: z.number().describe('VTCheck × Points'),
  Flagged: z.boolean().describe('Turnover below Required'),
});
export type EventVtRow = z.infer<typeof EventVtRow>;

export const LinkedAccountRow = z.object({
  MemberID: z.string(),
  NickName: z.string(),
  Hop: z.union([z.literal(1), z.literal(2)]),
  Via: z.string().describe('For hop 2: the hop-1 member it is linked through; empty for hop 1'),
  SharedIPs: z.array(z.string()),
  SharedDevices: z.array(z.string()),
  SharedLogins: z.number().describe('Logins of this member on the shared IPs and devices over the range'),
  SharedRegistrations: z.number().describe('Registrations of this member on the shared IPs and devices'),
  Strength: z.number().describe('Shared IPs + shared devices + shared registrations'),
});
export type LinkedAccountRow = z.infer<typeof LinkedAccountRow>;

export const PurchaseRow = z.object({
  ID: z.string(),
  MemberID: z.string(),
  NickName: z.string(),
  Amount: z.number().describe('As sent'),
  Currency: z.string(),
  AmountBase: z.number().nullable().describe('In the base currency; null when no rate covered it'),
  Platform: z.string(),
  PaymentName: z.string(),
  Category: z.string(),
  CreateDate: z.string(),
});
export type PurchaseRow = z.infer<typeof PurchaseRow>;

export const TradeRow = z.object({
  ID: z.string(),
  MemberID: z.string(),
  NickName: z.string(),
  Direction: z.enum(['in', 'out']),
  CounterpartyID: z.string(),
  Amount: z.number(),
  Currency: z.string(),
  AmountBase: z.number().nullable(),
  CreateDate: z.string(),
});
export type TradeRow = z.infer<typeof TradeRow>;

export const LoginRow = z.object({
  ID: z.string(),
  MemberID: z.string(),
  NickName: z.string(),
  IP: z.string(),
  Device: z.string(),
  Success: z.boolean(),
  CreateDate: z.string(),
  OthersOnIP: z.array(z.string()).describe('Other members seen on this IP over the range (up to 20)'),
  OthersOnDevice: z.array(z.string()).describe('Other members seen on this device over the range (up to 20)'),
});
export type LoginRow = z.infer<typeof LoginRow>;

const names = z.object({ status: z.number(), data: z.array(z.string()) });
export const EventCategories = z.object({
  status: z.number(),
  data: z.array(z.object({ Category: z.string(), EventNames: z.array(z.string()) })),
});

/** The schemas of the endpoints of `check-tools.api.ts`. The list's totals are in `data.output.Totals`. */
export const checkToolsIo = {
  searchCheckMembers: { body: MemberSearchBody, response: listEnvelope(MemberRow) },
  getMemberOverview: { body: OverviewBody, response: listEnvelope(OverviewRow) },
  getToolWinLose: { body: ToolWinLoseBody, response: listEnvelope(GameRow) },
  getEventSummary: { body: EventBody, response: listEnvelope(EventMemberRow) },
  getEventSummaryV2: { body: EventV2Body, response: listEnvelope(EventCategoryRow) },
  getEventDetail: { body: EventDetailBody, response: listEnvelope(EventDetailRow) },
  getEventVt: { body: EventVtBody, response: listEnvelope(EventVtRow) },
  getLinkedAccounts: { body: LinkedAccountsBody, response: listEnvelope(LinkedAccountRow) },
  getPurchases: { body: PurchaseBody, response: listEnvelope(PurchaseRow) },
  getTrades: { body: TradeBody, response: listEnvelope(TradeRow) },
  getMemberByTime: { body: MemberByTimeBody, response: listEnvelope(ByTimeRow) },
  getGameByTime: { body: GameByTimeBody, response: listEnvelope(ByTimeRow) },
  getWinLoseSort: { body: WinLoseSortBody, response: listEnvelope(WinLoseMemberRow) },
  getWinLoseMemberDetail: { body: WinLoseMemberDetailBody, response: listEnvelope(RoundRow) },
  getMemberLogins: { body: MemberLoginsBody, response: listEnvelope(LoginRow) },
  getEventCategories: { response: EventCategories },
  getPurchasePlatforms: { response: names },
  getPurchasePaymentNames: { response: names },
  getPurchaseCategory: { response: names },
};
