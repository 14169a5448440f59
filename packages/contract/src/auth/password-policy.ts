import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';

export const PASSWORD_MIN_LENGTH = 10;

/** What a new password needs, in words; the console shows it beside the field. */
export const PASSWORD_RULE = `at least ${PASSWORD_MIN_LENGTH} characters with at least one letter and one digit, at most ${PASSWORD_MAX_LENGTH}, and not containing the account name`;

/**
 * A new password (initial password, registration, reset). The rule that it must not contain the
 * account name needs the account: see `passwordAccountProblem`, which the forms and the server both run.
 */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/\p{L}/u, 'must contain at least one letter')
  .regex(/\p{Nd}/u, 'must contain at least one digit')
  .describe(`New password: ${PASSWORD_RULE}`);

/** The message when `password` contains `account` (ignoring case), or undefined when it does not. */
export function passwordAccountProblem(password: string, account: string | undefined): string | undefined {
  const name = account?.trim().toLowerCase();
  if (!name || name.length < 3) return undefined;
  return password.toLowerCase().includes(name) ? 'must not contain the account name' : undefined;
}
