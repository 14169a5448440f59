import type { FieldError, MessageCode } from '@pitboss/contract';

/**
 * The one error class of the server. Services throw it; the error handler turns it into
 * `{status, message, messageCode, errors?}` with `statusCode` as the HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageCode: MessageCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function badRequest(field: string, message: string, messageCode: MessageCode = 'VALIDATION_FAILED'): AppError {
  return new AppError(400, messageCode, `${field}: ${message}`, [{ field, message }]);
}

export function invalidFields(errors: FieldError[], message?: string): AppError {
  const first = errors[0];
  const summary = message ?? (first ? `${first.field}: ${first.message}` : 'Invalid request');
  return new AppError(
    400,
    'VALIDATION_FAILED',
    errors.length > 1 ? `${summary} (and ${errors.length - 1} more)` : summary,
    errors,
  );
}

export function unauthenticated(
  message = 'Log in to continue',
  messageCode: MessageCode = 'UNAUTHENTICATED',
): AppError {
  return new AppError(401, messageCode, message);
}

export function forbidden(
  message = 'You do not have permission to do this',
  messageCode: MessageCode = 'FORBIDDEN',
): AppError {
  return new AppError(403, messageCode, message);
}

export function notFound(what: string): AppError {
  return new AppError(404, 'NOT_FOUND', `${what} not found`);
}

export function conflict(field: string, message: string): AppError {
  return new AppError(409, 'CONFLICT', `${field}: ${message}`, [{ field, message }]);
}

/** A wait in words: "15 minutes", "1 minute", "40 seconds" (the console says it in the user's language from Retry-After). */
export function waitInWords(seconds: number): string {
  if (seconds > 60) return `${Math.ceil(seconds / 60)} minutes`;
  if (seconds === 60) return '1 minute';
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts'): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, 'RATE_LIMITED', `${message}; try again in ${waitInWords(seconds)}`, undefined, {
    'retry-after': String(seconds),
  });
}
