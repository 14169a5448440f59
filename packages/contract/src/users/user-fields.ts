import { z } from 'zod';

export const ACCOUNT_MIN_LENGTH = 3;
export const ACCOUNT_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 64;
export const MAIL_MAX_LENGTH = 254;

/** The characters an account may hold (AccountName; the console routes "account or mail" input by it). */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9._@-]+$/;

/** A new login account: letters, digits and `. _ - @`, 3–64 characters; unique ignoring case. */
export const AccountName = z
  .string()
  .trim()
  .min(ACCOUNT_MIN_LENGTH, `must be at least ${ACCOUNT_MIN_LENGTH} characters`)
  .max(ACCOUNT_MAX_LENGTH, `must be at most ${ACCOUNT_MAX_LENGTH} characters`)
  .regex(ACCOUNT_PATTERN, 'may contain only letters, digits and . _ - @')
  .describe('Login account: letters, digits and . _ - @, 3–64 characters');

export const PersonName = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`)
  .describe('Display name');

/** An e-mail address, trimmed; compared ignoring case. */
export const MailAddress = z
  .string()
  .trim()
  .max(MAIL_MAX_LENGTH, `must be at most ${MAIL_MAX_LENGTH} characters`)
  .pipe(z.email('must be an e-mail address such as name@example.com'))
  .describe('E-mail address');

/** Status of a user in a company: 1 active, 0 disabled, 2 invited (has not registered yet). */
export const USER_STATUS = { disabled: 0, active: 1, invited: 2 } as const;
export const UserStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type UserStatus = z.infer<typeof UserStatus>;
