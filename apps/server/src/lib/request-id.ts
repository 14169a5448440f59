import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that carries a request's id, in (from a proxy or client) and out (every answer). */
export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request (Fastify's `genReqId`): the caller's `X-Request-Id` when it is a plain token (so a
 * proxy's id follows the request through our log lines), else a new UUID. Anything else (spaces,
 * control characters, a huge value) is not written to the logs.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value !== undefined && SAFE_ID.test(value) ? value : randomUUID();
}
