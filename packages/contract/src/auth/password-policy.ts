import { PASSWORD_MAX_LENGTH } from './auth';

export const PASSWORD_MIN_LENGTH = 10;

/** What a new password needs, in words; the console shows it beside the field. */
export const PASSWORD_RULE = `at least ${PASSWORD_MIN_LENGTH} characters with at least one letter and one digit, at most ${PASSWORD_MAX_LENGTH}, and not containing the account name`;

/** The message when `password` contains `account` (ignoring case), or undefined when it does not. */
export function passwordAccountProblem(password: string, account: string | undefined): string | undefined {
  const name = account?.trim().toLowerCase();
  if (!name || name.length < 3) return undefined;
  return password.toLowerCase().includes(name) ? 'must not contain the account name' : undefined;
}
