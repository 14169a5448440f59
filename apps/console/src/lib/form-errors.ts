import type { FieldError } from '@pitboss/contract';
import type { FormInstance } from 'antd';
import { isApiError } from './api-error';

/**
 * Server field errors (`errors[].field`, spec §8) onto the console's forms: a 400 or 409 names the
 * offending fields (`Name`, `IPs[3].IP`, `currency_UDT[2].Rate`); the form shows each message under
 * its own field and only what no field takes above the form.
 */

export type FieldPath = (string | number)[];

/** A server field path as a form name path: `IPs[3].IP` → `['IPs', 3, 'IP']`, `Password` → `['Password']`. */
export function namePathOf(field: string): FieldPath {
  const path: FieldPath = [];
  for (const match of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) path.push(Number(match[2]));
    else if (match[1] !== undefined) path.push(match[1]);
  }
  return path;
}

export interface ServerErrorOptions {
  /**
   * The form's field for a server field (`currency_UDT[2].Rate` → `rates[2].Rate`), or undefined when
   * the form has none. Default: the same name.
   */
  fieldOf?: ((serverField: string) => string | undefined) | undefined;
  /** The text for one field error when the screen words it itself; undefined keeps the default. */
  message?: ((fieldError: FieldError, messageCode: string) => string | undefined) | undefined;
}

export interface PlacedErrors {
  /** Errors for fields the form shows, with the text to show under each. */
  fields: { name: FieldPath; errors: string[] }[];
  /** What to show above the form; undefined when every error found its field. */
  message: string | undefined;
}

/**
 * Decides where a failed call's errors go. A coded error naming one field (ACCOUNT_TAKEN on Account)
 * shows its translated message on that field; validation errors show the server's words per field.
 * Errors without fields, or any other failure, go above the form as the error's (translated) message;
 * field errors the form cannot show go above it as `field: message` lines.
 */
export function placeApiError(
  error: unknown,
  hasField: (name: FieldPath) => boolean,
  options: ServerErrorOptions = {},
): PlacedErrors {
  const message = error instanceof Error ? error.message : String(error);
  if (!isApiError(error) || !error.errors?.length) return { fields: [], message };
  const single = error.errors.length === 1 && error.messageCode !== 'VALIDATION_FAILED';
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  const unplaced: string[] = [];
  for (const item of error.errors) {
    const text = options.message?.(item, error.messageCode) ?? (single ? message : item.message);
    const formField = options.fieldOf ? options.fieldOf(item.field) : item.field;
    const name = formField === undefined ? [] : namePathOf(formField);
    if (name.length === 0 || !hasField(name)) {
      unplaced.push(`${item.field}: ${text}`);
      continue;
    }
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(text);
    byField.set(key, entry);
  }
  const fields = [...byField.values()];
  if (fields.length === 0) return { fields, message };
  return { fields, message: unplaced.length > 0 ? unplaced.join('\n') : undefined };
}

/**
 * Shows a failed call on a form: each server field error under its field, when the form has that
 * field (a registered `Form.Item`). Answers the message to show above the form, or undefined when
 * every error found its field.
 */
export function showApiError<V>(
  form: Pick<FormInstance<V>, 'getFieldsValue' | 'setFields'>,
  error: unknown,
  options?: ServerErrorOptions,
): string | undefined {
  const values = (form.getFieldsValue() ?? {}) as Record<string, unknown>;
  const hasField = (name: FieldPath) => typeof name[0] === 'string' && Object.hasOwn(values, name[0]);
  const placed = placeApiError(error, hasField, options);
  // The names were checked against the form's own fields.
  if (placed.fields.length > 0) form.setFields(placed.fields as Parameters<FormInstance<V>['setFields']>[0]);
  return placed.message;
}

/**
 * The index and the rest of a bulk field such as `BlackMember_UDT[3].MemberID` for `bodyField`
 * `BlackMember_UDT`: `{ index: 3, field: 'MemberID' }`; undefined for any other field.
 */
export function bulkFieldIndex(field: string, bodyField: string): { index: number; field: string } | undefined {
  const [head, index, ...rest] = namePathOf(field);
  if (head !== bodyField || typeof index !== 'number') return undefined;
  return { index, field: rest.join('.') };
}

/** The field errors of a bulk call by the request's entry index (first error of each entry). */
export function bulkFieldErrors(error: unknown, bodyField: string): Map<number, FieldError> {
  const found = new Map<number, FieldError>();
  if (!isApiError(error)) return found;
  for (const fieldError of error.errors ?? []) {
    const at = bulkFieldIndex(fieldError.field, bodyField);
    if (at && !found.has(at.index)) found.set(at.index, fieldError);
  }
  return found;
}
