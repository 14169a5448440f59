import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { passwordResetRoutes } from './password-reset.routes';
import { PasswordResetService } from './password-reset.service';

/** Password reset by mailed link. */
export const passwordResetPlugin = fp(
  async (app: FastifyInstance) => {
    passwordResetRoutes(app, new PasswordResetService(app.db, app.config, app.outbox));
  },
  { name: 'password-reset', dependencies: ['core', 'outbox', 'mail'] },
);
