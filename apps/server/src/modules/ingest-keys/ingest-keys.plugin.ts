import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ingestKeysRoutes } from './ingest-keys.routes';
import { IngestKeyService } from './ingest-keys.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ingest keys: their administration, and `authenticate(key)` for the ingest API. */
    ingestKeys: IngestKeyService;
  }
}

export const ingestKeysPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new IngestKeyService(app.db, app.log);
    app.decorate('ingestKeys', service);
    ingestKeysRoutes(app, service);
  },
  { name: 'ingest-keys', dependencies: ['core', 'authentication'] },
);
