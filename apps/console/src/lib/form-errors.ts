import type { FieldError } from '@pitboss/contract';
import type { FormInstance } from 'antd';
import { isApiError } from './api-error';

/**
 * Server field errors (`errors[].field`, spec §8) onto the console's forms: a 400 or 409 names the
 * offending fields (`Name`, `Url`, `BlackMember_UDT[3].MemberID`); the form shows each message on
 * its own field and only what no field takes as a form-level alert.
 */

export interface FormFieldError {
  /** The form's field name. */
  name: string;
  errors: string[];
}

export interface MappedErrors {
  fields: FormFieldError[];
  /** Messages no field of the form takes (shown above the form). */
  rest: string[];
}

/**
 * Maps an error onto form fields. `fieldOf` turns a server field (`Name`, `[0].IP`) into a form
 * field name, or undefined when the form has none; by default a field is kept as it is if listed in
 * `known`. `message` picks each field's text (default: the server's, e.g. for a translated code).
 */
export function mapServerErrors(
  error: unknown,
  options: {
    known?: readonly string[];
    fieldOf?: (field: string) => string | undefined;
    message?: (fieldError: FieldError, messageCode: string) => string;
  },
): MappedErrors {
  if (!isApiError(error) || !error.errors?.length) {
    return { fields: [], rest: [error instanceof Error ? error.message : String(error)] };
  }
  const fieldOf = options.fieldOf ?? ((field: string) => (options.known?.includes(field) ? field : undefined));
  const byName = new Map<string, string[]>();
  const rest: string[] = [];
  for (const fieldError of error.errors) {
    const text = options.message?.(fieldError, error.messageCode) ?? fieldError.message;
    const name = fieldOf(fieldError.field);
    if (name === undefined) {
      rest.push(`${fieldError.field}: ${text}`);
      continue;
    }
    byName.set(name, [...(byName.get(name) ?? []), text]);
  }
  return { fields: [...byName].map(([name, errors]) => ({ name, errors })), rest };
}

/**
 * The index and the rest of a bulk field such as `BlackMember_UDT[3].MemberID` for `bodyField`
 * `BlackMember_UDT`: `{ index: 3, field: 'MemberID' }`; undefined for any other field.
 */
export function bulkFieldIndex(field: string, bodyField: string): { index: number; field: string } | undefined {
  const match = new RegExp(`^${bodyField}\\[(\\d+)\\]\\.?(.*)$`).exec(field);
  if (!match) return undefined;
  return { index: Number(match[1]), field: match[2] ?? '' };
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

/** Shows `error` on the fields of `form`; answers the messages no field took. */
export function applyServerErrors<V>(
  form: Pick<FormInstance<V>, 'setFields'>,
  error: unknown,
  options: Parameters<typeof mapServerErrors>[1],
): string[] {
  const { fields, rest } = mapServerErrors(error, options);
  // The names come from `known` / `fieldOf`, which list the form's own fields.
  form.setFields(fields as Parameters<FormInstance<V>['setFields']>[0]);
  return rest;
}
