import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EventStore } from './event-store';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stores validated batches (`store(cid, events)`); domains add their processors, which run in the
     * ingest transaction after the rows are written, with `use(processor)`.
     */
    eventStore: EventStore;
  }
}

export const eventStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('eventStore', new EventStore(app.db, app.log));
  },
  { name: 'event-store', dependencies: ['core'] },
);
