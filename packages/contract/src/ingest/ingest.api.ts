import { endpoint } from '../common/endpoint';

/**
 * The ingest calls of DESIGN §4, authenticated with an ingest key (`Authorization: Bearer pbk_…`),
 * not a user token. Schemas: `ingestIo` in `ingest.schemas.ts`.
 */

export const ingestEvents = endpoint('ingestEvents', {
  method: 'POST',
  path: '/api/v2/ingest/events',
  summary:
    'Store a batch of events (JSON array, or NDJSON with Content-Type: application/x-ndjson); answers only after commit',
  tag: 'ingest',
  access: 'ingest',
});

export const ingestGames = endpoint('ingestGames', {
  method: 'POST',
  path: '/api/v2/ingest/games',
  summary: 'Create or update game master data (JSON array or NDJSON); fields left out keep their stored value',
  tag: 'ingest',
  access: 'ingest',
});
