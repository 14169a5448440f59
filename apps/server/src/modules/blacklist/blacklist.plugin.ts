import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { blacklistRoutes } from './blacklist.routes';
import { BlacklistService } from './blacklist.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The player blacklist; `added.add(name, hook)` runs in the transaction that put members on it. */
    blacklist: BlacklistService;
  }
}

export const blacklistPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new BlacklistService(app.db, app.live, app.outbox);
    app.decorate('blacklist', service);
    blacklistRoutes(app, service);
  },
  { name: 'blacklist', dependencies: ['core', 'authentication', 'live', 'outbox'] },
);
