import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboundFetch, outboundUrlCheck, resolvedUrlCheck } from '../../lib/outbound-url';
import { createBlockApiChannel } from './block-api.channel';
import { blockApiRoutes } from './block-api.routes';
import { BlockApiService } from './block-api.service';
import { enqueueBlockCalls } from './block-calls';

/**
 * The platform's block APIs: their settings and token, the `block-api` outbox channel that calls them,
 * and the lock calls queued whenever members are put on the blacklist.
 */
export const blockApiPlugin = fp(
  async (app: FastifyInstance) => {
    const checkUrl = outboundUrlCheck(app.config);
    app.outbox.register(
      createBlockApiChannel({ db: app.db, live: app.live, log: app.log, checkUrl, fetch: outboundFetch(app.config) }),
    );
    app.blacklist.added.add('block-api', (sql, { cid, members, apiIds }) =>
      enqueueBlockCalls(sql, cid, members, apiIds),
    );
    blockApiRoutes(app, new BlockApiService(app.db, app.live, resolvedUrlCheck(app.config)));
  },
  { name: 'block-api', dependencies: ['core', 'authentication', 'live', 'outbox', 'blacklist'] },
);
