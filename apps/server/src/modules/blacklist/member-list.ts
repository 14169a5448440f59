import { type FieldError, MEMBER_LIST_CODES } from '@pitboss/contract';
import type { Sql } from '../../db/database';
import { AppError } from '../../lib/errors';
import { findListed, type MemberListTable } from './member-list.repository';

/** Bulk bodies of 10,000 members with memos run to a few MiB (blacklist and whitelist calls). */
export const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** Service-side helpers the blacklist and whitelist share: de-duplication, refusals, summaries. */

export interface Indexed<T> {
  item: T;
  /** Position in the request body, for error fields such as `BlackMember_UDT[3].MemberID`. */
  index: number;
}

/** Keeps the first occurrence of each key, with its position in the request. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): Indexed<T>[] {
  const seen = new Map<string, Indexed<T>>();
  items.forEach((item, index) => {
    const k = key(item);
    if (!seen.has(k)) seen.set(k, { item, index });
  });
  return [...seen.values()];
}

const MAX_FIELD_ERRORS = 100;

/** "a, b, c and 7 more" */
export function listSome(values: readonly string[], max = 5): string {
  const shown = values.slice(0, max).join(', ');
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

const OTHER_LIST = {
  blacklist_member: { name: 'blacklist', code: MEMBER_LIST_CODES.onBlacklist, verb: 'whitelisted' },
  whitelist_member: { name: 'whitelist', code: MEMBER_LIST_CODES.onWhitelist, verb: 'blacklisted' },
} as const;

/**
 * A member is never on both lists: throws a 409 naming every entry of `entries` found on `other`
 * (the first 100 as fields, e.g. `BlackMember_UDT[3].MemberID`). Call it under `lockMemberLists`.
 */
export async function refuseMembersOn(
  sql: Sql,
  other: MemberListTable,
  cid: number,
  entries: readonly Indexed<{ MemberID: string }>[],
  bodyField: string,
): Promise<void> {
  const listed = await findListed(
    sql,
    other,
    cid,
    entries.map((e) => e.item.MemberID),
  );
  if (listed.size === 0) return;
  const { name, code, verb } = OTHER_LIST[other];
  const onBoth = entries.filter((e) => listed.has(e.item.MemberID));
  const errors: FieldError[] = onBoth.slice(0, MAX_FIELD_ERRORS).map((e) => ({
    field: `${bodyField}[${e.index}].MemberID`,
    in: 'body',
    message: `${e.item.MemberID} is on the ${name}`,
  }));
  throw new AppError(
    409,
    code,
    `${onBoth.length} of these members are on the ${name} and cannot be ${verb}: ` +
      `${listSome(onBoth.map((e) => e.item.MemberID))}. Remove them from the ${name} first; nothing was changed.`,
    errors,
  );
}

/** The answer to a bulk add: `keys` in request order, split by whether this call added them. */
export function addedResult(keys: readonly string[], added: ReadonlySet<string>, list: string) {
  const Added = keys.filter((k) => added.has(k));
  const AlreadyListed = keys.filter((k) => !added.has(k));
  const already = AlreadyListed.length > 0 ? `, ${AlreadyListed.length} already on it` : '';
  return { status: 0, message: `${Added.length} added to the ${list}${already}`, Added, AlreadyListed };
}

/** The answer to a bulk removal. */
export function removedResult(keys: readonly string[], removed: ReadonlySet<string>, list: string) {
  const Removed = keys.filter((k) => removed.has(k));
  const NotListed = keys.filter((k) => !removed.has(k));
  const missing = NotListed.length > 0 ? `, ${NotListed.length} not on it` : '';
  return { status: 0, message: `${Removed.length} removed from the ${list}${missing}`, Removed, NotListed };
}
