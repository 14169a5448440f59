import type { FieldError } from '@pitboss/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { isDatabaseUnavailable } from '../lib/metrics';
import { REQUEST_ID_HEADER } from '../lib/request-id';

/** Seconds a client waits before retrying when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

type ValidationItem = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** `/items/3/stake` → `[3].stake`; `/Account` → `Account`. */
export function fieldFromPointer(pointer: string | undefined): string {
  if (!pointer) return '';
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : part))
    .reduce((acc, part) => (part.startsWith('[') || acc === '' ? acc + part : `${acc}.${part}`), '');
}

function validationErrors(
  error: FastifyError & { validation?: ValidationItem[]; validationContext?: string },
): FieldError[] {
  const location = error.validationContext as FieldError['in'];
  return (error.validation ?? []).map((item) => {
    const missing = typeof item.params?.missingProperty === 'string' ? item.params.missingProperty : undefined;
    const base = fieldFromPointer(item.instancePath);
    const field = missing ? (base ? `${base}.${missing}` : missing) : base || location || 'request';
    return { field, in: location, message: item.message ?? 'Invalid value' };
  });
}

/**
 * The single error handler (STYLE habit 6): every failure answers `{status, message, messageCode}`;
 * a 400 names the field; a 5xx never shows internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // Every answer, error or not, names its request (`X-Request-Id`): the log lines carry the same id.
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    app.setErrorHandler((error: FastifyError & { validation?: ValidationItem[] }, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send({
          status: error.statusCode,
          message: error.message,
          messageCode: error.messageCode,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (error.validation) {
        const errors = validationErrors(error);
        const first = errors[0];
        const where = (error as { validationContext?: string }).validationContext ?? 'request';
        const message = first ? `Invalid ${where}: ${first.field}: ${first.message}` : `Invalid ${where}`;
        return reply.status(400).send({ status: 400, message, messageCode: 'VALIDATION_FAILED', errors });
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply
          .status(413)
          .send({ status: 413, message: 'Request body is too large', messageCode: 'PAYLOAD_TOO_LARGE' });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || statusCode === 415) {
        return reply.status(415).send({
          status: 415,
          message: 'Unsupported Content-Type; send application/json',
          messageCode: 'UNSUPPORTED_MEDIA_TYPE',
        });
      }
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return reply.status(400).send({
          status: 400,
          message: 'Request body is empty; send a JSON body',
          messageCode: 'INVALID_JSON',
          errors: [{ field: 'body', in: 'body', message: 'Required' }],
        });
      }
      if (statusCode === 400 && (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)) {
        return reply.status(400).send({
          status: 400,
          message: 'Request body is not valid JSON',
          messageCode: 'INVALID_JSON',
          errors: [{ field: 'body', in: 'body', message: 'Malformed JSON' }],
        });
      }
      if (statusCode >= 400 && statusCode < 500) {
        return reply
          .status(statusCode)
          .send({ status: statusCode, message: error.message, messageCode: error.code ?? 'BAD_REQUEST' });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        (app as { metrics?: { unavailable: { inc(): void } } }).metrics?.unavailable.inc();
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({
            status: 503,
            message: `The service is briefly unavailable (database unreachable); try again in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds`,
            messageCode: 'SERVICE_UNAVAILABLE',
          });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        status: 500,
        message: 'Something went wrong on the server; try again, and tell your administrator if it persists',
        messageCode: 'INTERNAL_ERROR',
      });
    });
  },
  { name: 'errors' },
);
