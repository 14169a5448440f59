import type { FieldError, MessageCode } from '@pitboss/contract';

/**
 * A failed call. `message` is what the user reads: the translation of `messageCode` when the
 * `errors` namespace knows it, else the server's own message. `serverMessage` keeps the original.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly messageCode: MessageCode,
    readonly status: number,
    readonly serverMessage: string = message,
    readonly errors?: FieldError[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
