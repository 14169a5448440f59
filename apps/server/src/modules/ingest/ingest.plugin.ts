import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authorizationToken } from '../../lib/credentials';
import type { IngestCaller } from '../ingest-keys/ingest-keys.service';
import { InFlightLimit } from './in-flight-limit';
import { ingestRoutes } from './ingest.routes';
import { IngestService } from './ingest.service';

export const NDJSON_CONTENT_TYPES = ['application/x-ndjson', 'application/ndjson', 'application/jsonl'];

declare module 'fastify' {
  interface FastifyRequest {
    ingestCaller: IngestCaller | null;
  }
}

/**
 * The ingest API. Its routes live in an encapsulated scope: the NDJSON parser and the hooks below apply
 * to them only. The key (from `Authorization: Bearer …`, never the console's cookie) is checked and a
 * slot taken before the body is read, so a bad key or a busy server costs nothing.
 */
export const ingestPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new IngestService(app.db, app.eventStore, {
      maxFutureMs: app.config.ingestMaxFutureMs,
      replayDays: app.config.alertReplayDays,
    });
    const { ingestKeys } = app;
    const limit = new InFlightLimit(app.config.ingestConcurrency);
    await app.register(async (scope) => {
      scope.addContentTypeParser(NDJSON_CONTENT_TYPES, { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      // Plain JSON.parse: Fastify's parser also scans every body for prototype keys, a sixth of the parse time
      // on batches of 1,000 events. Nothing here merges parsed objects: validation builds new ones with the
      // contract's keys only, so a "__proto__" key is just an unknown key.
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        if (body === '') {
          done(
            Object.assign(new Error('Body cannot be empty'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }),
          );
          return;
        }
        try {
          done(null, JSON.parse(body as string));
        } catch (error) {
          done(Object.assign(error as Error, { statusCode: 400 }));
        }
      });
      scope.decorateRequest('ingestCaller', null);
      scope.addHook('onRequest', async (request, reply) => {
        request.ingestCaller = await ingestKeys.authenticate(authorizationToken(request));
        reply.raw.once('close', limit.acquire());
      });
      ingestRoutes(scope, service, ingestKeys);
    });
  },
  { name: 'ingest', dependencies: ['core', 'ingest-keys', 'event-store'] },
);
