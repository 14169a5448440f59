import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { settingsRoutes } from './settings.routes';
import { SettingsService } from './settings.service';

/** System parameters (base currency, time zone) and the console IP allowlist. */
export const settingsPlugin = fp(
  async (app: FastifyInstance) => {
    settingsRoutes(app, new SettingsService(app.db, app.sessions));
  },
  { name: 'settings', dependencies: ['core', 'authentication'] },
);
