import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ipMatcher, isIpAllowed } from '../lib/ip-match';
import { ipNotAllowed } from '../modules/auth/auth.service';
import type { AuthContext } from '../modules/auth/auth-context';

export const TOKEN_COOKIE = 'token';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match?.[1];
  }
  return request.cookies?.[TOKEN_COOKIE] || undefined;
}

/** Decorates `request.auth` and `app.authenticate`, resolving the caller at most once per request. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const pending = new WeakMap<FastifyRequest, Promise<AuthContext>>();
  app.decorate('authenticate', (request: FastifyRequest) => {
    let result = pending.get(request);
    if (!result) {
      result = app.ctx.auth.resolve(bearerToken(request)).then((auth) => {
        // The company's console IP allowlist applies to every call made with a user token.
        if (!isIpAllowed(ipMatcher, auth.ipAllowlist, request.ip)) throw ipNotAllowed(request.ip);
        request.auth = auth;
        return auth;
      });
      pending.set(request, result);
    }
    return result;
  });
});
