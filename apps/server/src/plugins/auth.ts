import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext } from '../lib/auth-context';
import { sessionToken } from '../lib/credentials';
import { AppError } from '../lib/errors';
import { ipMatcher, isIpAllowed } from '../lib/ip-match';
import { fromOwnOrigin } from '../lib/same-origin';
import { AuthService, ipNotAllowed } from '../modules/auth/auth.service';
import { createTokenService, type TokenService } from '../modules/auth/tokens';
import { jwtSecret } from '../modules/system/secrets';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** Logins and sessions: the one place a token is resolved to its caller (`resolve`). */
    sessions: AuthService;
    /**
     * Resolves (once per request) the caller from `Authorization: Bearer …` or the token cookie;
     * rejects with a 401 AppError saying why when there is no valid session, and with a 403 from an
     * address outside the company's console IP allowlist.
     */
    authenticate(request: FastifyRequest): Promise<AuthContext>;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Decorates `app.tokens`, `app.sessions`, `app.authenticate` and `request.auth`. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = createTokenService(await jwtSecret(app.db, app.config.jwtSecret), app.config.tokenTtlSeconds);
    const sessions = new AuthService(app.db, tokens, app.config);
    app.decorate('tokens', tokens);
    app.decorate('sessions', sessions);
    app.decorateRequest('auth', null);
    const pending = new WeakMap<FastifyRequest, Promise<AuthContext>>();
    const publicOrigin = app.config.publicUrl ? new URL(app.config.publicUrl).origin : undefined;
    app.decorate('authenticate', (request: FastifyRequest) => {
      let result = pending.get(request);
      if (!result) {
        // CSRF (issue 21): a change authenticated by the cookie alone must come from the console's own
        // pages. A bearer token (the console's own calls, programs) is never sent by another site.
        const cookieOnly = !request.headers.authorization && sessionToken(request) !== undefined;
        const crossSite = cookieOnly && MUTATING.has(request.method) && !fromOwnOrigin(request, publicOrigin);
        result = crossSite
          ? Promise.reject(
              new AppError(403, 'CROSS_ORIGIN', 'Changes from a page of another site are refused; use the console'),
            )
          : sessions.resolve(sessionToken(request)).then((auth) => {
              // The company's console IP allowlist applies to every call made with a user token.
              if (!isIpAllowed(ipMatcher, auth.ipAllowlist, request.ip)) throw ipNotAllowed(request.ip);
              request.auth = auth;
              return auth;
            });
        pending.set(request, result);
      }
      return result;
    });
  },
  { name: 'authentication', dependencies: ['core'] },
);
