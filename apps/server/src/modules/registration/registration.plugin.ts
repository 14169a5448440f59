import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registrationRoutes } from './registration.routes';
import { RegistrationService } from './registration.service';

/** Registration links: generating them, checking them, and registering (or joining) with them. */
export const registrationPlugin = fp(
  async (app: FastifyInstance) => {
    registrationRoutes(app, new RegistrationService(app.db, app.config, app.sessions));
  },
  { name: 'registration', dependencies: ['core', 'authentication'] },
);
