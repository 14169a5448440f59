import { z } from 'zod';

/** Spec §3 enumerations. Numeric codes are the wire values; labels are i18n keys on the console. */

export const ALERT_TYPES = {
  1: 'highRatio',
  2: 'highWinStreak',
  3: 'ipLogin',
  4: 'registerLogin',
  5: 'store',
  6: 'trade',
  7: 'event',
} as const;
export const AlertType = z.union(
  [1, 2, 3, 4, 5, 6, 7].map((n) => z.literal(n)) as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
    z.ZodLiteral<6>,
    z.ZodLiteral<7>,
  ],
);
export type AlertType = z.infer<typeof AlertType>;

export const EVENT_KINDS = { 1: 'store', 2: 'activity' } as const;
export const OFFICIAL_FLAGS = { 0: 'notOfficial', 1: 'official', 2: 'test' } as const;

export const OPERATOR_TYPES = { 1: 'platform', 2: 'publisher', 3: 'aggregator' } as const;
export const OperatorType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type OperatorType = z.infer<typeof OperatorType>;

export const PRICE_LEVELS = ['platform', 'publisher', 'aggregator'] as const;
export const PriceLevel = z.enum(PRICE_LEVELS);
export type PriceLevel = z.infer<typeof PriceLevel>;

export function priceLevelOf(operatorType: OperatorType): PriceLevel {
  return OPERATOR_TYPES[operatorType];
}

export const LIST_TYPES = { 1: 'include', 2: 'except', 3: 'only' } as const;
export const Level = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type Level = z.infer<typeof Level>;

export const TIME_UNITS = ['min', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export const TimeUnit = z.enum(TIME_UNITS);
export type TimeUnit = z.infer<typeof TimeUnit>;

export const NOTICE_CHANNELS = ['Email', 'SMS', 'TG'] as const;
export const AUTH_SCHEMES = ['Bearer', 'TG'] as const;

export const COMPARISON_OPERATORS = ['any', '>', '<', '>=', '<='] as const;
export const ComparisonOperator = z.enum(COMPARISON_OPERATORS);
export type ComparisonOperator = z.infer<typeof ComparisonOperator>;

export const PROCESS_STATUS = { 0: 'pending', 1: 'processed' } as const;
export const ProcessStatus = z.union([z.literal(0), z.literal(1)]);
export type ProcessStatus = z.infer<typeof ProcessStatus>;

export const RESULTS = { 0: 'cancelled', 1: 'finished' } as const;
export const SORT_ORDERS = ['Desc', 'Asc'] as const;
export const SortOrder = z.enum(SORT_ORDERS);
export const TARGETS = { 1: 'player', 2: 'game' } as const;
export const ADJUSTS = { 0: 'add', 1: 'sub' } as const;
export const RECONCILE_STATUS = { '0': 'pending', '1': 'completed', '2': 'waitingConfirm', '3': 'void' } as const;
export const REPORT_MONTHS = { 0: 'reportMonth', 1: 'otherMonth' } as const;
export const CUSTOMER_COOPERATION = { '1': 'trial', '2': 'cooperating', '3': 'notCooperating' } as const;
export const SEARCH_KEYS = { 1: 'memberId', 2: 'businessName' } as const;
export const MEMBER_SEARCH_KEYS = { 1: 'memberId', 2: 'nickName', 3: 'mobile', 4: 'account' } as const;
export const MEMBER_SEARCH_FIELDS = ['MemberIDs', 'NickName', 'Mobile', 'Account', 'BusinessName'] as const;
export const LIST_LABELS = ['BlackList'] as const;
export const ENVIRONMENTS = ['prod', 'dev', 'local'] as const;
export const Environment = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof Environment>;

// Spec §9 constants live in their own module, free of zod: the console's login path needs a few of them,
// and a bundler then loads them without the schemas above.
export * from './constants';
