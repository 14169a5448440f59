import { z } from 'zod';
import { MEMBER_ID_NONE, WILDCARD } from './constants';
import { MAX_IDS_PER_REQUEST, MEMBER_ID_MAX_LENGTH, splitIds } from './identifiers';
import { MEMO_MAX_LENGTH } from './member-list';

/**
 * What the player blacklist and whitelist share: the bulk bodies (`{BlackMember_UDT: [...]}`,
 * `{WhiteMember_UDT: [...]}`), the `MemberIDs` filter and the answers to adding and removing.
 */

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
