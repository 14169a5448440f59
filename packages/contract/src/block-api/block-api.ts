import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { listEnvelope, StatusOk } from '../common/envelope';

/**
 * The platform's block APIs (spec §3 "Blocked API"): adding a member to the blacklist POSTs a lock
 * call to every API with IsLock set, through the outbox, with retries. The calls' wire format is
 * `BlockCallRequest` below; every attempt is written to the block-API log.
 */

export const BLOCK_API_NAME_MAX_LENGTH = 100;
export const BLOCK_API_URL_MAX_LENGTH = 2000;
export const BLOCK_API_TOKEN_MAX_LENGTH = 4096;
/** Stable code of a refused duplicate API name (409). */
export const BLOCK_API_NAME_TAKEN = 'BLOCK_API_NAME_TAKEN';

export const BlockApi = z.object({
  APIID: z.number(),
  Name: z.string(),
  IsLock: z.boolean().describe('Called when a member is added to the blacklist'),
  Url: z.string().describe('http(s) address the lock call is POSTed to'),
  CreateDate: z.string(),
  UpdateDate: z.string(),
});
export type BlockApi = z.infer<typeof BlockApi>;

const Name = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(BLOCK_API_NAME_MAX_LENGTH, `must be at most ${BLOCK_API_NAME_MAX_LENGTH} characters`)
  .describe('Unique name within the company (case-insensitive)');
const IsLock = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1)
  .describe('true (or 1) to call this API when a member is blacklisted');
const Url = z
  .string()
  .trim()
  .max(BLOCK_API_URL_MAX_LENGTH, `must be at most ${BLOCK_API_URL_MAX_LENGTH} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }))
  .describe('http:// or https:// address of the platform API');

export const listBlockApis = defineEndpoint({
  method: 'GET',
  path: '/api/v2/monitor/blacklist/api',
  summary: 'The block APIs of the company, by name',
  tag: 'block-api',
  access: 'read',
  response: listEnvelope(BlockApi),
});

export const AddBlockApiBody = z.object({ Name, IsLock: IsLock.default(true), Url });

export const addBlockApi = defineEndpoint({
  method: 'POST',
  path: '/api/v2/monitor/blacklist/api',
  summary: 'Add a block API; 409 BLOCK_API_NAME_TAKEN when the name is in use',
  tag: 'block-api',
  access: 'write',
  body: AddBlockApiBody,
  response: z.object({ status: z.number(), data: BlockApi }),
});

export const UpdateBlockApiBody = z
  .object({ Name: Name.optional(), IsLock: IsLock.optional(), Url: Url.optional() })
  .refine((v) => v.Name !== undefined || v.IsLock !== undefined || v.Url !== undefined, {
    message: 'Give Name, IsLock or Url',
    path: ['Name'],
  });

const ApiIdParams = z.object({ APIID: z.coerce.number().int().positive().max(2_147_483_647).describe('API id') });

export const updateBlockApi = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/monitor/blacklist/api/:APIID',
  summary: 'Change a block API; calls still queued go to the new Url, and are cancelled if IsLock is turned off',
  tag: 'block-api',
  access: 'write',
  params: ApiIdParams,
  body: UpdateBlockApiBody,
  response: z.object({ status: z.number(), data: BlockApi }),
});

export const deleteBlockApi = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/monitor/blacklist/api/:APIID',
  summary: 'Delete a block API; calls still queued for it are cancelled (and logged)',
  tag: 'block-api',
  access: 'write',
  params: ApiIdParams,
  response: StatusOk,
});

/** The token itself is never answered: only whether one is set and its last 4 characters. */
export const BlockApiTokenStatus = z.object({
  IsSet: z.boolean(),
  Last4: z.string().describe('Last 4 characters of a token of 12 characters or more; otherwise empty'),
  UpdateDate: z.string().nullable(),
  UpdatedBy: z.string().describe('Account that last set it'),
});
export type BlockApiTokenStatus = z.infer<typeof BlockApiTokenStatus>;

export const getBlockApiToken = defineEndpoint({
  method: 'GET',
  path: '/api/v2/monitor/blacklist/token',
  summary: 'Whether the block-API token is set (never the token itself)',
  tag: 'block-api',
  access: 'read',
  response: z.object({ status: z.number(), data: BlockApiTokenStatus }),
});

export const SetBlockApiTokenBody = z.object({
  Token: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(BLOCK_API_TOKEN_MAX_LENGTH, `must be at most ${BLOCK_API_TOKEN_MAX_LENGTH} characters`)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an HTTP header)')
    .describe('The credential the platform expects; replaces the previous one'),
});

export const setBlockApiToken = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/monitor/blacklist/token',
  summary: 'Set the token sent to the block APIs as `Authorization: Bearer <Token>`',
  tag: 'block-api',
  access: 'write',
  body: SetBlockApiTokenBody,
  response: z.object({ status: z.number(), data: BlockApiTokenStatus }),
});

/**
 * What Pitboss POSTs to a block API (JSON), with `Authorization: Bearer <Token>` and
 * `Idempotency-Key: <idempotencyKey>`. A 2xx answer counts as done; 5xx, 408, 429, a timeout (5 s)
 * or a network error is retried with backoff for about a day; any other answer is a permanent failure.
 * The same call always carries the same `idempotencyKey`: a retry after a crash may repeat it.
 */
export const BlockCallRequest = z.object({
  action: z.literal('lock'),
  cid: z.number().describe('Pitboss company id'),
  memberId: z.string().describe('The member to lock, as the platform sent it'),
  eventType: z.number().nullable().describe('Alert type that led to the block, null for a manual entry'),
  typeName: z.string(),
  memo: z.string(),
  blockedAt: z.string().describe('When the member was blacklisted, ISO 8601'),
  idempotencyKey: z.string().describe('Same value as the Idempotency-Key header'),
});
export type BlockCallRequest = z.infer<typeof BlockCallRequest>;
