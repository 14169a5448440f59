import { z } from 'zod';

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

export const FieldError = z.object({
  field: z.string().describe('Dotted path of the offending field, such as `Account` or `[3].stake`'),
  in: z.enum(['body', 'querystring', 'params', 'headers']).optional(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

export const ErrorResponse = z.object({
  status: z.number().describe('The HTTP status code'),
  message: z.string().describe('Readable message'),
  messageCode: z.string().describe('Stable machine-readable code'),
  errors: z.array(FieldError).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
