import type { FastifyRequest } from 'fastify';

/** The cookie in which the console keeps its session token. */
export const TOKEN_COOKIE = 'token';

const BEARER = /^Bearer\s+(.+)$/i;

/**
 * The one reader of credentials a request presents. `Authorization: Bearer <token>` (`bare`: a header
 * without the scheme is the token too, as link pages send it); nothing when the header is absent.
 */
export function authorizationToken(request: FastifyRequest, { bare = false } = {}): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return BEARER.exec(header)?.[1] ?? (bare ? header : undefined);
}

/**
 * A console session's token: `Authorization: Bearer …`, else the token cookie (`query`: a `?token=`
 * parameter first, for the websocket, which browsers open without headers). A header that is not a
 * bearer token is not replaced by the cookie.
 */
export function sessionToken(request: FastifyRequest, { query = false } = {}): string | undefined {
  if (query) {
    const fromQuery = (request.query as { token?: string } | undefined)?.token;
    if (fromQuery !== undefined) return fromQuery || undefined;
  }
  if (request.headers.authorization) return authorizationToken(request);
  return request.cookies?.[TOKEN_COOKIE] || undefined;
}
