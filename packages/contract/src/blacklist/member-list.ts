import { z } from 'zod';
import { ALERT_TYPES, type AlertType, MEMBER_ID_NONE, WILDCARD } from '../common/enums';
import { MAX_IDS_PER_REQUEST, MEMBER_ID_MAX_LENGTH, splitIds } from '../common/identifiers';

/**
 * What the player blacklist and whitelist share: the bulk bodies (`{BlackMember_UDT: [...]}`,
 * `{WhiteMember_UDT: [...]}`), the `MemberIDs` filter and the answers to adding and removing.
 */

export const MEMO_MAX_LENGTH = 500;

/** Stable codes of the list calls' refusals; the console translates them. */
export const MEMBER_LIST_CODES = {
  /** Blacklisting a member who is on the whitelist (or the reverse) is refused. */
  onWhitelist: 'MEMBER_ON_WHITELIST',
  onBlacklist: 'MEMBER_ON_BLACKLIST',
  notListed: 'MEMBER_NOT_LISTED',
} as const;

export const Memo = z
  .string()
  .trim()
  .max(MEMO_MAX_LENGTH, `must be at most ${MEMO_MAX_LENGTH} characters`)
  .describe(`Free text, at most ${MEMO_MAX_LENGTH} characters`);

/** A bulk list of 1 to 10,000 entries (`MAX_IDS_PER_REQUEST`). */
export function bulkList<T extends z.ZodType>(item: T, what: string) {
  return z
    .array(item)
    .min(1, `must hold at least one ${what}`)
    .max(MAX_IDS_PER_REQUEST, `must hold at most ${MAX_IDS_PER_REQUEST} entries per request`);
}

/**
 * The `MemberIDs` query of the list calls: IDs separated by commas, spaces or new lines (or the
 * parameter repeated). Empty, `*` (all) and `-1` (none or all) mean no filter.
 */
export const MemberIdsFilter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const ids = splitIds((Array.isArray(value) ? value : [value]).join(','));
    if (ids.length === 0 || ids.every((id) => id === WILDCARD || id === MEMBER_ID_NONE)) return undefined;
    if (ids.length > MAX_IDS_PER_REQUEST) {
      ctx.addIssue({ code: 'custom', message: `must hold at most ${MAX_IDS_PER_REQUEST} IDs` });
      return z.NEVER;
    }
    const tooLong = ids.find((id) => id.length > MEMBER_ID_MAX_LENGTH);
    if (tooLong) {
      ctx.addIssue({
        code: 'custom',
        message: `"${tooLong.slice(0, 20)}…" is longer than ${MEMBER_ID_MAX_LENGTH} characters`,
      });
      return z.NEVER;
    }
    return ids;
  })
  .describe('Member IDs to show, separated by commas, spaces or new lines; empty, * or -1 for all');

/** An optional free-text search of at most 100 characters; blank means no filter. */
export function searchText(description: string) {
  return z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined))
    .describe(description);
}

export const Keyword = searchText('Case-insensitive text found in the member ID, nick name or memo');

/** Answer of a bulk add: which IDs were added and which were on the list already (not duplicated). */
export const MemberListAdded = z.object({
  status: z.number().describe('0 on success'),
  message: z.string().describe('Readable summary, e.g. "2 added, 1 already on the list"'),
  Added: z.array(z.string()).describe('IDs added by this call (trimmed text)'),
  AlreadyListed: z.array(z.string()).describe('IDs that were on the list already and were left as they were'),
});
export type MemberListAdded = z.infer<typeof MemberListAdded>;

/** Answer of a bulk removal. */
export const MemberListRemoved = z.object({
  status: z.number().describe('0 on success'),
  message: z.string(),
  Removed: z.array(z.string()).describe('IDs removed by this call'),
  NotListed: z.array(z.string()).describe('IDs that were not on the list'),
});
export type MemberListRemoved = z.infer<typeof MemberListRemoved>;

/** Readable English name of an alert type (spec §3), the `TypeName` of list rows and CSV exports. */
export const ALERT_TYPE_NAMES: Record<AlertType, string> = {
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
  return eventType && eventType in ALERT_TYPES ? ALERT_TYPE_NAMES[eventType as AlertType] : MANUAL_TYPE_NAME;
}

/** Query-key roots the server names in websocket `invalidate` messages when these lists change. */
export const LIST_QUERY_KEYS = {
  blacklist: 'blacklist',
  whitelist: 'whitelist',
  whitelistIp: 'whitelist-ip',
  blockApis: 'block-apis',
  blockApiLogs: 'block-api-logs',
} as const;
