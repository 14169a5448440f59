import type { FieldError } from '@pitboss/contract';
import { isApiError } from './api-error';

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

/** The part of a form that {@link showApiError} needs (Ant Design's `FormInstance` has it). */
export interface FieldErrorTarget {
  getFieldsValue: () => unknown;
  setFields: (fields: { name: FieldPath; errors: string[] }[]) => void;
}

export interface PlacedErrors {
  /** Errors for fields the form shows, with the text to show under each. */
  fields: { name: FieldPath; errors: string[] }[];
  /** What to show above the form: the error's message when not every field error found its field. */
  message: string | undefined;
}

/**
 * Decides where a failed call's errors go. A coded error naming one field (ACCOUNT_TAKEN on Account)
 * shows its translated message on that field; plain validation errors show the server's words per
 * field. Errors for fields the form does not have, and errors without fields, go above the form.
 */
export function placeApiError(
  error: unknown,
  hasField: (name: FieldPath) => boolean,
  fieldOf: (serverField: string) => string = (field) => field,
): PlacedErrors {
  const message = error instanceof Error ? error.message : String(error);
  if (!isApiError(error) || !error.errors?.length) return { fields: [], message };
  const single = error.errors.length === 1 && error.messageCode !== 'VALIDATION_FAILED';
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  let unplaced = false;
  for (const item of error.errors as FieldError[]) {
    const name = namePathOf(fieldOf(item.field));
    if (name.length === 0 || !hasField(name)) {
      unplaced = true;
      continue;
    }
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(single ? message : item.message);
    byField.set(key, entry);
  }
  const fields = [...byField.values()];
  return { fields, message: unplaced || fields.length === 0 ? message : undefined };
}

/**
 * Shows a failed call on a form: each server field error under its field (when the form has that
 * field; `fieldOf` renames server fields to the form's, e.g. `currency_UDT[2].Rate` → `rates[2].Rate`).
 * Answers the message to show above the form, or undefined when every error found its field.
 */
export function showApiError(
  form: FieldErrorTarget,
  error: unknown,
  fieldOf?: (serverField: string) => string,
): string | undefined {
  const values = (form.getFieldsValue() ?? {}) as Record<string, unknown>;
  const placed = placeApiError(error, (name) => typeof name[0] === 'string' && Object.hasOwn(values, name[0]), fieldOf);
  if (placed.fields.length > 0) form.setFields(placed.fields);
  return placed.message;
}
