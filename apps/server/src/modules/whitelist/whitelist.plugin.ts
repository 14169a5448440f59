import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { whitelistRoutes } from './whitelist.routes';
import { WhitelistService } from './whitelist.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The member and IP whitelists; `changed.add(name, hook)` runs in the transaction of every change. */
    whitelist: WhitelistService;
  }
}

export const whitelistPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new WhitelistService(app.db, app.live);
    app.decorate('whitelist', service);
    whitelistRoutes(app, service);
  },
  { name: 'whitelist', dependencies: ['core', 'authentication', 'live'] },
);
