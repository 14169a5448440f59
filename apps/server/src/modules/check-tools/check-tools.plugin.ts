import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkToolsRoutes } from './check-tools.routes';
import { CheckToolsService } from './check-tools.service';

/** The check tools (spec §7 "Check tool"): read-only look-ups over the event store's rollups and events. */
export const checkToolsPlugin = fp(
  async (app: FastifyInstance) => {
    checkToolsRoutes(app, new CheckToolsService(app.db));
  },
  { name: 'check-tools', dependencies: ['core', 'authentication'] },
);
