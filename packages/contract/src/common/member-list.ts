import { ALERT_TYPES } from './enums';

/**
 * What the player blacklist and whitelist share (their schemas are in `member-list.schemas.ts`): limits,
 * refusal codes, alert type names and the websocket query keys.
 */

export const MEMO_MAX_LENGTH = 500;

/** Stable codes of the list calls' refusals; the console translates them. */
export const MEMBER_LIST_CODES = {
  /** Blacklisting a member who is on the whitelist (or the reverse) is refused. */
  onWhitelist: 'MEMBER_ON_WHITELIST',
  onBlacklist: 'MEMBER_ON_BLACKLIST',
  notListed: 'MEMBER_NOT_LISTED',
} as const;

type AlertTypeCode = keyof typeof ALERT_TYPES;

/** Readable English name of an alert type (spec §3), the `TypeName` of list rows and CSV exports. */
export const ALERT_TYPE_NAMES: Record<AlertTypeCode, string> = {
  1: 'High ratio',
  2: 'High win streak',
  3: 'IP login',
  4: 'Register login',
  5: 'Store',
  6: 'Trade',
  7: 'Event',
};
/** `TypeName` of a blacklist entry made by hand rather than from an alert. */
export const MANUAL_TYPE_NAME = 'Manual';

export function typeNameOf(eventType: number | null | undefined): string {
  return eventType && eventType in ALERT_TYPES ? ALERT_TYPE_NAMES[eventType as AlertTypeCode] : MANUAL_TYPE_NAME;
}

/** Query-key roots the server names in websocket `invalidate` messages when these lists change. */
export const LIST_QUERY_KEYS = {
  blacklist: 'blacklist',
  whitelist: 'whitelist',
  whitelistIp: 'whitelist-ip',
  blockApis: 'block-apis',
  blockApiLogs: 'block-api-logs',
} as const;
