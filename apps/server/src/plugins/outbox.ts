import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OutboxWorker } from '../modules/outbox/outbox.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends what leaves Pitboss: modules `register(channel)` their channels; `wake()` after a commit
     * that queued items. `startServer` starts it; tests call `runOnce`.
     */
    outbox: OutboxWorker;
  }
}

export const outboxPlugin = fp(
  async (app: FastifyInstance) => {
    const outbox = new OutboxWorker(app.db, app.log);
    app.decorate('outbox', outbox);
    app.addHook('onClose', async () => outbox.stop());
  },
  { name: 'outbox', dependencies: ['core'] },
);
