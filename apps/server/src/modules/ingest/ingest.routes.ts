import { INGEST_MAX_BYTES, ingestEvents, ingestGames } from '@pitboss/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { IngestCaller } from '../ingest-keys/ingest-keys.service';
import { InFlightLimit } from './in-flight-limit';
import { IngestService } from './ingest.service';

export const NDJSON_CONTENT_TYPES = ['application/x-ndjson', 'application/ndjson', 'application/jsonl'];

declare module 'fastify' {
  interface FastifyRequest {
    ingestCaller: IngestCaller | null;
  }
}

/** The ingest key from `Authorization: Bearer …` (never the console's cookie). */
function ingestKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/**
 * `POST /api/v2/ingest/events` and `/ingest/games`. Encapsulated: the NDJSON parser and the hooks
 * below apply to these routes only. The key is checked and a slot taken before the body is read,
 * so a bad key or a busy server costs nothing.
 */
export async function ingestRoutes(app: FastifyInstance): Promise<void> {
  const { db, ingest: pipeline, ingestKeys, config } = app.ctx;
  const service = new IngestService(db, pipeline);
  const limit = new InFlightLimit(config.ingestConcurrency);

  app.addContentTypeParser(NDJSON_CONTENT_TYPES, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // Plain JSON.parse: Fastify's parser also scans every body for prototype keys, a sixth of the parse time
  // on batches of 1,000 events. Nothing here merges parsed objects: validation builds new ones with the
  // contract's keys only, so a "__proto__" key is just an unknown key.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') {
      done(Object.assign(new Error('Body cannot be empty'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }));
      return;
    }
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }));
    }
  });
  app.decorateRequest('ingestCaller', null);
  app.addHook('onRequest', async (request, reply) => {
    request.ingestCaller = await ingestKeys.authenticate(ingestKeyOf(request));
    reply.raw.once('close', limit.acquire());
  });

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
