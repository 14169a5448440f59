import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth.routes';

/** Login, the session check, preferences and the company switch, on `app.sessions` (the authentication plugin). */
export const authDomainPlugin = fp(
  async (app: FastifyInstance) => {
    authRoutes(app, app.sessions);
  },
  { name: 'auth', dependencies: ['authentication'] },
);
