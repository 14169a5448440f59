/**
 * Stable error codes of user management, registration, password reset, settings and currency
 * (beside the common ones in `common/errors.ts`); the console translates them.
 */
export const ACCOUNT_MESSAGE_CODES = [
  'ACCOUNT_TAKEN',
  'MAIL_TAKEN',
  'ALREADY_MEMBER',
  'ALREADY_REGISTERED',
  'LAST_ADMIN',
  'USER_MANAGED_ELSEWHERE',
  'GROUP_TAKEN',
  'REGISTER_FAILED',
  'EMAIL_VERIFY_FAILED',
  'REGISTER_URL_INVALID',
  'RESET_TOKEN_INVALID',
  'IP_LOCKOUT',
  'BASE_CURRENCY_HAS_RATES',
  'BASE_CURRENCY_RATE',
  'MAIL_NOT_RESENDABLE',
] as const;
export type AccountMessageCode = (typeof ACCOUNT_MESSAGE_CODES)[number];
