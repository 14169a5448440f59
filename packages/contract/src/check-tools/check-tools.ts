/**
 * The check tools (spec §2 check-tool group, §7 "Check tool"): limits and sort fields. Schemas in
 * `check-tools.schemas.ts`, endpoints in `check-tools.api.ts`.
 */

/** The longest range a check-tool call reads, in days (Start to End inclusive). */
export const CHECK_TOOL_MAX_DAYS = 366;
/** `Export` on a list call: the whole result as a file in one of these formats, instead of a page. */
export const CHECK_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type CheckExportFormat = (typeof CHECK_EXPORT_FORMATS)[number];
/** The most member IDs one call takes. */
export const CHECK_TOOL_MAX_MEMBER_IDS = 1000;
// Page sizes (spec §9: 25, 20 for game-by-time, 100,000 for event detail, at most 1,000 elsewhere) and
// VTCheck are in `common/constants.ts`.

export const MEMBER_SORT_FIELDS = ['MemberID', 'NickName', 'VIPLevel', 'RegisteredAt', 'LastSeen'] as const;
export const OVERVIEW_SORT_FIELDS = [
  'MemberID',
  'Rounds',
  'Bet',
  'Payout',
  'WinLose',
  'TopUp',
  'TransferIn',
  'TransferOut',
  'BonusPoints',
] as const;
export const GAME_SORT_FIELDS = ['GameID', 'Rounds', 'Players', 'Bets', 'Bet', 'Payout', 'GGR', 'RTP'] as const;
export const WINLOSE_MEMBER_SORT_FIELDS = ['MemberID', 'Bets', 'Bet', 'Payout', 'WinLose', 'RTP'] as const;
export const BY_TIME_SORT_FIELDS = ['Time', 'Bets', 'Bet', 'Payout', 'WinLose'] as const;
export const ROUND_SORT_FIELDS = ['CreateDate', 'GameID', 'Stake', 'Payout', 'WinLose'] as const;
export const EVENT_SORT_FIELDS = ['MemberID', 'Count', 'Points'] as const;
export const EVENT_V2_SORT_FIELDS = ['Category', 'EventName', 'Count', 'Members', 'Points'] as const;
export const EVENT_DETAIL_SORT_FIELDS = ['CreateDate', 'MemberID', 'Points', 'Category', 'EventName'] as const;
export const EVENT_VT_SORT_FIELDS = ['CreateDate', 'Points', 'Turnover'] as const;
export const OTHER_SORT_FIELDS = ['Strength', 'MemberID', 'SharedLogins', 'SharedRegistrations'] as const;
export const PURCHASE_SORT_FIELDS = ['CreateDate', 'MemberID', 'Amount', 'AmountBase'] as const;
export const TRADE_SORT_FIELDS = ['CreateDate', 'MemberID', 'Amount', 'AmountBase'] as const;
export const LOGIN_SORT_FIELDS = ['CreateDate', 'MemberID', 'IP'] as const;

/** The time buckets of the by-time calls. */
export const TIME_BUCKETS = ['hour', 'day'] as const;
