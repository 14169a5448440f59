/** Users, groups and invitations: limits and codes (schemas in `users.schemas.ts`). */

export const ACCOUNT_MIN_LENGTH = 3;
export const ACCOUNT_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 64;
export const MAIL_MAX_LENGTH = 254;

/** The characters an account may hold (AccountName; the console routes "account or mail" input by it). */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9._@-]+$/;

/** Status of a user in a company: 1 active, 0 disabled, 2 invited (has not registered yet). */
export const USER_STATUS = { disabled: 0, active: 1, invited: 2 } as const;

export const INVITATION_KINDS = ['user', 'mail', 'link'] as const;
