/** Stable error codes. The console translates by code; `message` is the readable English fallback. */
export const MESSAGE_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'ROLE_NO_CONSOLE',
  'FORBIDDEN',
  'COMPANY_FORBIDDEN',
  'PRICE_LEVEL_FORBIDDEN',
  'IP_NOT_ALLOWED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'OVERLOADED',
  'INTERNAL_ERROR',
] as const;
export type MessageCode = (typeof MESSAGE_CODES)[number] | (string & {});
