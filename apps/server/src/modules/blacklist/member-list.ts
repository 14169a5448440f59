import type { FieldError, MessageCode } from '@pitboss/contract';
import { AppError } from '../../lib/errors';

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

/** A 409 naming every refused entry (the first 100 as fields), with a readable summary. */
export function refused(code: MessageCode, summary: string, entries: { field: string; message: string }[]): AppError {
  const errors: FieldError[] = entries.slice(0, MAX_FIELD_ERRORS).map((e) => ({ ...e, in: 'body' }));
  return new AppError(409, code, summary, errors);
}

/** "a, b, c and 7 more" */
export function listSome(values: readonly string[], max = 5): string {
  const shown = values.slice(0, max).join(', ');
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

export function addedMessage(added: number, already: number, list: string): string {
  const parts = [`${added} added to the ${list}`];
  if (already > 0) parts.push(`${already} already on it`);
  return parts.join(', ');
}

export function removedMessage(removed: number, notListed: number, list: string): string {
  const parts = [`${removed} removed from the ${list}`];
  if (notListed > 0) parts.push(`${notListed} not on it`);
  return parts.join(', ');
}
