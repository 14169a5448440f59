import { createIngestKey, listIngestKeys, revokeIngestKey, toListEnvelope } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { IngestKeyService } from './ingest-keys.service';

export function ingestKeysRoutes(app: FastifyInstance, service: IngestKeyService): void {
  registerEndpoint(app, listIngestKeys, async ({ auth }) => toListEnvelope(await service.list(auth)));

  registerEndpoint(app, createIngestKey, async ({ auth, body }) => ({
    status: 0,
    data: await service.create(auth, body.Name),
  }));

  registerEndpoint(app, revokeIngestKey, async ({ auth, params }) => {
    await service.revoke(auth, params.KeyID);
    return { status: 0 };
  });
}
