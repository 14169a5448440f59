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

export { MANUAL_TYPE_NAME, typeNameOf } from '../alerting/alerting';

/** Query-key roots the server names in websocket `invalidate` messages when these lists change. */
export const LIST_QUERY_KEYS = {
  blacklist: 'blacklist',
  whitelist: 'whitelist',
  whitelistIp: 'whitelist-ip',
  blockApis: 'block-apis',
  blockApiLogs: 'block-api-logs',
} as const;
