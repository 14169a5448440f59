import { endpoint } from '../common/endpoint';

/** Ingest keys of the working company (admin only). Schemas: `ingestKeysIo` in `ingest-keys.schemas.ts`. */

export const listIngestKeys = endpoint('listIngestKeys', {
  method: 'GET',
  path: '/api/v2/system/ingest-keys',
  summary: "The working company's ingest keys, newest first, revoked ones included",
  tag: 'system',
  access: 'admin',
});

export const createIngestKey = endpoint('createIngestKey', {
  method: 'POST',
  path: '/api/v2/system/ingest-keys',
  summary: 'Create an ingest key for the working company; the answer is the only time the key is shown',
  tag: 'system',
  access: 'admin',
});

export const revokeIngestKey = endpoint('revokeIngestKey', {
  method: 'DELETE',
  path: '/api/v2/system/ingest-keys/:KeyID',
  summary: 'Revoke an ingest key: calls with it answer 401 from now on (revoking twice changes nothing)',
  tag: 'system',
  access: 'admin',
});
