import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope, StatusOk } from '../common/envelope';

/** Ingest keys let an operator's platform post events (DESIGN §4). Admin only; scoped to the working company. */
export const INGEST_KEY_PREFIX = 'pbk_';
export const INGEST_KEY_NAME_MAX_LENGTH = 64;
/** Active (unrevoked) keys a company may hold at once. */
export const INGEST_KEYS_MAX_ACTIVE = 20;

export const IngestKey = z.object({
  KeyID: z.number(),
  Name: z.string().describe('What the key is for, e.g. "Production platform"'),
  Prefix: z.string().describe('The first characters of the key, to recognise it; the key itself is never shown again'),
  CreateDate: z.string().describe('ISO 8601'),
  CreatedBy: z.string().describe('Account of the administrator who created it'),
  LastUsedAt: z.string().nullable().describe('Last accepted call with this key (updated at most every few seconds)'),
  RevokedAt: z.string().nullable().describe('When it was revoked; null while it works'),
});
export type IngestKey = z.infer<typeof IngestKey>;

export const listIngestKeys = defineEndpoint({
  method: 'GET',
  path: '/api/v2/system/ingest-keys',
  summary: "The working company's ingest keys, newest first, revoked ones included",
  tag: 'system',
  access: 'admin',
  response: listEnvelope(IngestKey),
});

export const CreateIngestKeyBody = z.object({
  Name: z.string().trim().min(1, 'must not be blank').max(INGEST_KEY_NAME_MAX_LENGTH).describe('What the key is for'),
});

export const CreatedIngestKey = IngestKey.extend({
  Key: z.string().describe('The key itself (pbk_…): shown this once, stored only as a hash'),
});
export type CreatedIngestKey = z.infer<typeof CreatedIngestKey>;

export const createIngestKey = defineEndpoint({
  method: 'POST',
  path: '/api/v2/system/ingest-keys',
  summary: 'Create an ingest key for the working company; the answer is the only time the key is shown',
  tag: 'system',
  access: 'admin',
  body: CreateIngestKeyBody,
  response: z.object({ status: z.number(), data: CreatedIngestKey }),
});

export const IngestKeyParams = z.object({ KeyID: z.coerce.number().int().positive() });

export const revokeIngestKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/system/ingest-keys/:KeyID',
  summary: 'Revoke an ingest key: calls with it answer 401 from now on (revoking twice changes nothing)',
  tag: 'system',
  access: 'admin',
  params: IngestKeyParams,
  response: StatusOk,
});
