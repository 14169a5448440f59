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

export const EVENT_KINDS = { 1: 'store', 2: 'activity' } as const;
export const OFFICIAL_FLAGS = { 0: 'notOfficial', 1: 'official', 2: 'test' } as const;

export const OPERATOR_TYPES = { 1: 'platform', 2: 'publisher', 3: 'aggregator' } as const;

export const PRICE_LEVELS = ['platform', 'publisher', 'aggregator'] as const;

export function priceLevelOf(operatorType: keyof typeof OPERATOR_TYPES): (typeof PRICE_LEVELS)[number] {
  return OPERATOR_TYPES[operatorType];
}

export const LIST_TYPES = { 1: 'include', 2: 'except', 3: 'only' } as const;

export const TIME_UNITS = ['min', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;

export const NOTICE_CHANNELS = ['Email', 'SMS', 'TG'] as const;
export const AUTH_SCHEMES = ['Bearer', 'TG'] as const;

export const COMPARISON_OPERATORS = ['any', '>', '<', '>=', '<='] as const;

export const PROCESS_STATUS = { 0: 'pending', 1: 'processed' } as const;

export const RESULTS = { 0: 'cancelled', 1: 'finished' } as const;
export const SORT_ORDERS = ['Desc', 'Asc'] as const;
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
