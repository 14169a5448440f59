import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { GameMaster, INGEST_MAX_EVENTS, IngestEvent, IngestResult } from './events';

/**
 * The ingest calls of DESIGN §4, authenticated with an ingest key (`Authorization: Bearer pbk_…`),
 * not a user token. The server validates each event itself so that a refusal names the event's
 * index and field; the body schemas here document the calls in OpenAPI.
 */
export const ingestEvents = defineEndpoint({
  method: 'POST',
  path: '/api/v2/ingest/events',
  summary:
    'Store a batch of events (JSON array, or NDJSON with Content-Type: application/x-ndjson); answers only after commit',
  tag: 'ingest',
  access: 'ingest',
  body: z
    .array(IngestEvent)
    .min(1)
    .max(INGEST_MAX_EVENTS)
    .describe(
      'At most 10,000 events or 10 MiB. A resent id is a no-op counted in `duplicates`; a batch with any bad event is refused whole (400 with the index and reason of each); 429 with Retry-After when the server sheds load',
    ),
  response: IngestResult,
});

export const IngestGamesResult = z.object({
  accepted: z.number().describe('Games written by this call'),
  created: z.number().describe('Games that did not exist before'),
  updated: z.number().describe('Games that existed (from earlier master data or first seen in a bet)'),
});
export type IngestGamesResult = z.infer<typeof IngestGamesResult>;

export const ingestGames = defineEndpoint({
  method: 'POST',
  path: '/api/v2/ingest/games',
  summary: 'Create or update game master data (JSON array or NDJSON); fields left out keep their stored value',
  tag: 'ingest',
  access: 'ingest',
  body: z.array(GameMaster).min(1).max(INGEST_MAX_EVENTS),
  response: IngestGamesResult,
});
