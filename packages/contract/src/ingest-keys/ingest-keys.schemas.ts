import { z } from 'zod';
import { listEnvelope, StatusOk } from '../common/envelope.schemas';
import { INGEST_KEY_NAME_MAX_LENGTH } from './ingest-keys';

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

export const CreateIngestKeyBody = z.object({
  Name: z.string().trim().min(1, 'must not be blank').max(INGEST_KEY_NAME_MAX_LENGTH).describe('What the key is for'),
});

export const CreatedIngestKey = IngestKey.extend({
  Key: z.string().describe('The key itself (pbk_…): shown this once, stored only as a hash'),
});
export type CreatedIngestKey = z.infer<typeof CreatedIngestKey>;

export const IngestKeyParams = z.object({ KeyID: z.coerce.number().int().positive() });

/** The schemas of the endpoints of `ingest-keys.api.ts`. */
export const ingestKeysIo = {
  listIngestKeys: { response: listEnvelope(IngestKey) },
  createIngestKey: { body: CreateIngestKeyBody, response: z.object({ status: z.number(), data: CreatedIngestKey }) },
  revokeIngestKey: { params: IngestKeyParams, response: StatusOk },
};
