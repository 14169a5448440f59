import { INGEST_MAX_BYTES, ingestEvents, ingestGames } from '@pitboss/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { IngestCaller, IngestKeyService } from '../ingest-keys/ingest-keys.service';
import type { IngestService } from './ingest.service';

/**
 * `POST /api/v2/ingest/events` and `/ingest/games`, in the encapsulated scope the ingest plugin prepared
 * (the key checked and a slot taken before the body is read; `request.ingestCaller` is set).
 */
export function ingestRoutes(app: FastifyInstance, service: IngestService, ingestKeys: IngestKeyService): void {
  const options = { bodyLimit: INGEST_MAX_BYTES, validateBody: false } as const;
  /** Runs the call for the key's company, then notes the key's use. */
  const handle =
    <R>(call: (caller: IngestCaller, body: unknown) => Promise<R>) =>
    async ({ request }: { request: FastifyRequest }) => {
      const caller = request.ingestCaller as IngestCaller;
      const result = await call(caller, request.body);
      ingestKeys.noteUse(caller);
      return result;
    };

  registerEndpoint(app, ingestEvents, handle(service.ingestEvents.bind(service)), options);
  registerEndpoint(app, ingestGames, handle(service.ingestGames.bind(service)), options);
}
